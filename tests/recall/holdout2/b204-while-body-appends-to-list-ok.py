# case: b204-while-body-appends-to-list-ok
# source: https://github.com/google/flax/issues/1571
# kind: lookalike
# rules: SCN204
# jax: symptom len(visited) != int(n)
# pair: b204-while-body-appends-to-list

import jax.numpy as jnp
from jax import lax

def halve_until_small(x0):
    def keep_going(state):
        i, x, buf = state
        return x > 0.1

    def halve(state):
        i, x, buf = state
        buf = buf.at[i].set(x)
        return i + 1, x / 2, buf

    return lax.while_loop(keep_going, halve, (0, x0, jnp.zeros(16)))

n, last, buf = halve_until_small(jnp.float32(1.0))
visited = list(buf[:int(n)])

# case: b204-while-body-appends-to-list
# source: https://github.com/google/flax/issues/1571
# kind: mistake
# rules: SCN204
# jax: symptom len(visited) != int(n)
# note: while_loop body appends to a module-level list to collect every iterate; the list gets one
#   tracer

import jax.numpy as jnp
from jax import lax

visited = []

def halve_until_small(x0):
    def keep_going(state):
        i, x = state
        return x > 0.1

    def halve(state):
        i, x = state
        visited.append(x)
        return i + 1, x / 2

    return lax.while_loop(keep_going, halve, (0, x0))

n, last = halve_until_small(jnp.float32(1.0))

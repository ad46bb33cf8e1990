# case: b208-while-carry-grown-by-append-ok
# source: https://github.com/google/flax/issues/1571
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: b208-while-carry-grown-by-append

import jax.numpy as jnp
from jax import lax

def collect_until(limit):
    def cond(state):
        i, x, hist = state
        return x < limit

    def body(state):
        i, x, hist = state
        return i + 1, x + 1.0, hist.at[i].set(x)

    return lax.while_loop(cond, body, (0, 0.0, jnp.zeros(8)))

out = collect_until(3.0)

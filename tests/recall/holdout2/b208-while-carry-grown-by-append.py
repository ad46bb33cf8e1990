# case: b208-while-carry-grown-by-append
# source: https://github.com/google/flax/issues/1571
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: a while_loop history grown with jnp.append from an empty array (the thread:
#   `array.append(...)` in a while loop has no static size)

import jax.numpy as jnp
from jax import lax

def collect_until(limit):
    def cond(state):
        x, hist = state
        return x < limit

    def body(state):
        x, hist = state
        return x + 1.0, jnp.append(hist, x)

    return lax.while_loop(cond, body, (0.0, jnp.zeros(0)))

out = collect_until(3.0)

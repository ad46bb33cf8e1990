# case: h206-index-array-as-xs
# source: https://github.com/jax-ml/jax/issues/790
# kind: mistake
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# note: variant: the index is scanned as xs (`jnp.arange(n)`), not kept in the carry; outside
#   SCN206's stated scope (a carry counter) but the same kind of mistake

import jax.numpy as jnp
from jax import lax

def trend(y, n):
    def step(level, t):
        level = 0.5 * level + y[t]
        return level, y[t]
    return lax.scan(step, 0.0, jnp.arange(n))[1]

used = trend(jnp.array([1.0, 2.0, 4.0]), 5)

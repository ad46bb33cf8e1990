# case: h206-index-array-as-xs-ok
# source: https://github.com/jax-ml/jax/issues/790
# kind: lookalike
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# pair: h206-index-array-as-xs

import jax.numpy as jnp
from jax import lax

def trend(y):
    def step(level, y_t):
        level = 0.5 * level + y_t
        return level, y_t
    return lax.scan(step, 0.0, y)[1]

used = trend(jnp.array([1.0, 2.0, 4.0]))

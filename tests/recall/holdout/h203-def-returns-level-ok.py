# case: h203-def-returns-level-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN203
# jax: runs
# pair: h203-def-returns-level

import jax
import jax.numpy as jnp

def exp_smooth(series, alpha):
    def step(level, x):
        level = level + alpha * (x - level)
        return level, level
    return jax.lax.scan(step, series[0], series)

out = exp_smooth(jnp.array([3.0, 4.0, 5.0]), 0.2)

# case: scn201-unpack-scalar-init-visible-ok
# source: https://github.com/jax-ml/jax/issues/8605
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: scn201-unpack-scalar-init-visible

import jax
import jax.numpy as jnp
from jax import lax
def smooth(alpha):
    series = jnp.array([4.0, 5.0, 7.0, 6.0])
    def step(s, x):
        level, trend = s
        new_level = level + trend + alpha * (x - level - trend)
        return (new_level, trend), new_level
    return lax.scan(step, (series[0], 0.0), series)
out = smooth(0.3)

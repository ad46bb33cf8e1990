# case: scn201-unpack-scalar-init-visible
# source: https://github.com/jax-ml/jax/issues/8605
# kind: mistake
# rules: SCN201
# jax: raises iteration over a 0-d array
# note: the body unpacks two names from a scalar init made in the same function

import jax
import jax.numpy as jnp
from jax import lax
def smooth(alpha):
    series = jnp.array([4.0, 5.0, 7.0, 6.0])
    def step(s, x):
        level, trend = s
        new_level = level + trend + alpha * (x - level - trend)
        return (new_level, trend), new_level
    return lax.scan(step, series[0], series)
out = smooth(0.3)

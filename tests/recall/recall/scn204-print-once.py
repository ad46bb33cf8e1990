# case: scn204-print-once
# source: https://github.com/jax-ml/jax/issues/1141
# kind: mistake
# rules: SCN204
# jax: symptom printed.count('carry') != 3
# note: a Python print runs once, at trace time

import jax
import jax.numpy as jnp
from jax import lax
def step(c, x):
    print('carry', c)
    return c + x, c
out = lax.scan(step, 0.0, jnp.ones(3))

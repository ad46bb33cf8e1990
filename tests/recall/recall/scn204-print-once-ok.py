# case: scn204-print-once-ok
# source: https://github.com/jax-ml/jax/issues/1141
# kind: lookalike
# rules: SCN204
# jax: symptom printed.count('carry') != 3
# pair: scn204-print-once

import jax
import jax.numpy as jnp
from jax import lax
def step(c, x):
    jax.debug.print('carry {}', c)
    return c + x, c
out = lax.scan(step, 0.0, jnp.ones(3))
jax.effects_barrier()

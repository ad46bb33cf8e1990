# case: scn208-int-carry-cast-reshaped
# source: https://github.com/jax-ml/jax/pull/15178
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: an int32 carry cast to float32 and reshaped

import jax
import jax.numpy as jnp
from jax import lax
def step(c, _):
    a, b = c
    return (a.astype('float32'), b.astype('float32').reshape(1, 1)), None
out = lax.scan(step, (jnp.array(0, 'int32'), jnp.array(1, 'int32')), None, length=2)

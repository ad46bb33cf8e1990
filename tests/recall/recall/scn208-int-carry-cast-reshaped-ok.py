# case: scn208-int-carry-cast-reshaped-ok
# source: https://github.com/jax-ml/jax/pull/15178
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: scn208-int-carry-cast-reshaped

import jax
import jax.numpy as jnp
from jax import lax
def step(c, _):
    a, b = c
    return (a + 1, b * 2), None
out = lax.scan(step, (jnp.array(0, 'int32'), jnp.array(1, 'int32')), None, length=2)

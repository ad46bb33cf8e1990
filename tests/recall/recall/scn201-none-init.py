# case: scn201-none-init
# source: https://github.com/jax-ml/jax/issues/1534
# kind: mistake
# rules: SCN201
# jax: raises carry input and carry output must have the same pytree structure
# note: `None` as the init, a value returned as the carry

import jax
import jax.numpy as jnp
from jax import lax
def pairs(xs):
    return lax.scan(lambda c, x: (0, (x, 2 * x)), None, xs)
out = pairs(jnp.arange(4.0))

# case: scn201-none-init-ok
# source: https://github.com/jax-ml/jax/issues/1534
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: scn201-none-init

import jax
import jax.numpy as jnp
from jax import lax
def pairs(xs):
    return lax.scan(lambda c, x: (None, (x, 2 * x)), None, xs)
out = pairs(jnp.arange(4.0))

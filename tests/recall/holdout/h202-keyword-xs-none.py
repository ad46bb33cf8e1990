# case: h202-keyword-xs-none
# source: https://github.com/jax-ml/jax/issues/20855
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over
# note: `from jax.lax import scan`, xs=None by keyword

import jax.numpy as jnp
from jax.lax import scan

def decay(c0):
    def body(c, _):
        return c * 0.9, c
    return scan(body, init=c0, xs=None)

out = decay(jnp.ones(2))

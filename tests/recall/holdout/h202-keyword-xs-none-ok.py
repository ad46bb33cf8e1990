# case: h202-keyword-xs-none-ok
# source: https://github.com/jax-ml/jax/issues/20855
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: h202-keyword-xs-none

import jax.numpy as jnp
from jax.lax import scan

def decay(c0):
    def body(c, _):
        return c * 0.9, c
    return scan(body, init=c0, xs=None, length=8)

out = decay(jnp.ones(2))

# case: b202-keyword-xs-none-no-length
# source: https://github.com/jax-ml/jax/pull/1677
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over and `length` not provided
# note: `from jax.lax import scan`, nested def, xs=None given by keyword, length forgotten

import jax.numpy as jnp
from jax.lax import scan

def embed_steps(h0, w):
    def cell(h, _):
        h = jnp.tanh(w @ h)
        return h, h
    return scan(cell, h0, xs=None)

final, hs = embed_steps(jnp.ones(3), 0.5 * jnp.eye(3))

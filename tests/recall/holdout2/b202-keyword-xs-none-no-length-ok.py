# case: b202-keyword-xs-none-no-length-ok
# source: https://github.com/jax-ml/jax/pull/1677
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: b202-keyword-xs-none-no-length

import jax.numpy as jnp
from jax.lax import scan

def embed_steps(h0, w):
    def cell(h, _):
        h = jnp.tanh(w @ h)
        return h, h
    return scan(cell, h0, xs=None, length=4)

final, hs = embed_steps(jnp.ones(3), 0.5 * jnp.eye(3))

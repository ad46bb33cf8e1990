# case: h208-history-vstacked-ok
# source: https://github.com/jax-ml/jax/issues/17629
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: h208-history-vstacked

import jax.numpy as jnp
from jax import lax

def record(p0):
    def body(i, carry):
        hist, p = carry
        p = p + 1.0
        return hist.at[i].set(p), p
    return lax.fori_loop(0, 3, body, (jnp.zeros((3, 2)), p0))

out = record(jnp.zeros(2))

# case: h208-history-vstacked
# source: https://github.com/jax-ml/jax/issues/17629
# kind: mistake
# rules: SCN208
# jax: raises must have equal types
# note: an empty history array grows by vstack in a fori_loop

import jax.numpy as jnp
from jax import lax

def record(p0):
    def body(i, carry):
        hist, p = carry
        p = p + 1.0
        return jnp.vstack([hist, p]), p
    return lax.fori_loop(0, 3, body, (jnp.zeros((0, 2)), p0))

out = record(jnp.zeros(2))

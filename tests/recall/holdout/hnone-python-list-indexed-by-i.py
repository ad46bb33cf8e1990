# case: hnone-python-list-indexed-by-i
# source: https://github.com/jax-ml/jax/issues/2962
# kind: mistake
# rules: none
# jax: raises __index__
# note: a Python list indexed with the traced loop index

import jax.numpy as jnp
from jax import lax

def chain(mats, v):
    def body(i, v):
        return mats[i] @ v
    return lax.fori_loop(0, len(mats), body, v)

out = chain([jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2)], jnp.ones(2))

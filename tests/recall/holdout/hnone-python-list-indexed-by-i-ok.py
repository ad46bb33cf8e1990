# case: hnone-python-list-indexed-by-i-ok
# source: https://github.com/jax-ml/jax/issues/2962
# kind: lookalike
# rules: none
# jax: runs
# pair: hnone-python-list-indexed-by-i

import jax.numpy as jnp
from jax import lax

def chain(mats, v):
    stacked = jnp.stack(mats)
    def body(i, v):
        return stacked[i] @ v
    return lax.fori_loop(0, len(mats), body, v)

out = chain([jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2)], jnp.ones(2))

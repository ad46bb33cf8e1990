# case: hnone-arange-of-loop-index-ok
# source: https://github.com/jax-ml/jax/issues/5454
# kind: lookalike
# rules: none
# jax: runs
# pair: hnone-arange-of-loop-index

import jax.numpy as jnp
from jax import lax

def triangle_sum(n):
    def body(i, acc):
        r = jnp.arange(n)
        return acc + jnp.sum(jnp.where(r < i, r, 0))
    return lax.fori_loop(0, n, body, 0)

out = triangle_sum(5)

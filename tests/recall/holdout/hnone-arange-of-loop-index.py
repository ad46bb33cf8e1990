# case: hnone-arange-of-loop-index
# source: https://github.com/jax-ml/jax/issues/5454
# kind: mistake
# rules: none
# jax: raises Abstract tracer value encountered
# note: a shape from the traced loop index (`jnp.arange(i)`)

import jax.numpy as jnp
from jax import lax

def triangle_sum(n):
    def body(i, acc):
        return acc + jnp.sum(jnp.arange(i))
    return lax.fori_loop(0, n, body, 0)

out = triangle_sum(5)

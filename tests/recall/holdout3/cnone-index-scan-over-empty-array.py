# case: cnone-index-scan-over-empty-array
# source: https://github.com/jax-ml/jax/issues/20399
# kind: mistake
# rules: none
# jax: raises out of bounds
# note: a zero-length scan still traces its body, whose indexing fails on the empty carry

import jax
import jax.numpy as jnp

def mark(carry, j):
    return carry.at[j].set(j), None

def mark_all(values):
    carry, _ = jax.lax.scan(mark, values, jnp.arange(values.shape[0]))
    return carry

out = mark_all(jnp.array([]))

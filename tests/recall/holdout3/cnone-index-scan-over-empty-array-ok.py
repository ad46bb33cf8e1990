# case: cnone-index-scan-over-empty-array-ok
# source: https://github.com/jax-ml/jax/issues/20399
# kind: lookalike
# rules: none
# jax: runs
# pair: cnone-index-scan-over-empty-array

import jax
import jax.numpy as jnp

def mark(carry, j):
    return carry.at[j].set(j), None

def mark_all(values):
    if values.shape[0] == 0:
        return values
    carry, _ = jax.lax.scan(mark, values, jnp.arange(values.shape[0]))
    return carry

out = mark_all(jnp.array([]))

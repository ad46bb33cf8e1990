# case: cnone-data-dependent-length-under-jit
# source: https://github.com/jax-ml/jax/pull/27583
# kind: mistake
# rules: none
# jax: raises The `length` argument to `scan` expects a concrete `int` value
# note: scan's length computed from traced data; the PR's message points to fori_loop/while_loop,
#   which the look-alike uses

import jax
import jax.numpy as jnp

@jax.jit
def count_up(mask):
    n = jnp.sum(mask).astype(int)
    total, _ = jax.lax.scan(lambda c, _: (c + 1.0, None), 0.0, None, length=n)
    return total

out = count_up(jnp.array([1, 0, 1]))

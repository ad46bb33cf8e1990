# case: cnone-data-dependent-length-under-jit-ok
# source: https://github.com/jax-ml/jax/pull/27583
# kind: lookalike
# rules: none
# jax: runs
# pair: cnone-data-dependent-length-under-jit

import jax
import jax.numpy as jnp

@jax.jit
def count_up(mask):
    n = jnp.sum(mask).astype(int)
    return jax.lax.fori_loop(0, n, lambda i, c: c + 1.0, 0.0)

out = count_up(jnp.array([1, 0, 1]))

# case: bnone-python-list-indexed-by-loop-index-ok
# source: https://github.com/jax-ml/jax/pull/5853
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-python-list-indexed-by-loop-index

import jax
import jax.numpy as jnp

COEFFS = [1.0, 0.5, 0.25, 0.125]

def horner(x):
    coeffs = jnp.asarray(COEFFS)
    def body(i, acc):
        return acc * x + coeffs[i]
    return jax.lax.fori_loop(0, len(COEFFS), body, 0.0)

out = jax.jit(horner)(2.0)

# case: bnone-python-list-indexed-by-loop-index
# source: https://github.com/jax-ml/jax/pull/5853
# kind: mistake
# rules: none
# jax: raises __index__
# note: a Python list indexed by the fori_loop index

import jax

COEFFS = [1.0, 0.5, 0.25, 0.125]

def horner(x):
    def body(i, acc):
        return acc * x + COEFFS[i]
    return jax.lax.fori_loop(0, len(COEFFS), body, 0.0)

out = jax.jit(horner)(2.0)

# case: hnone-range-of-traced-bound-ok
# source: https://github.com/jax-ml/jax/issues/1406
# kind: lookalike
# rules: none
# jax: runs
# pair: hnone-range-of-traced-bound

import jax

@jax.jit
def repeat_double(x, n):
    return jax.lax.fori_loop(0, n, lambda _, x: x * 2, x)

out = repeat_double(1.0, 3)

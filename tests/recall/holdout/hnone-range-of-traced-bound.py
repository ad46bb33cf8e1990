# case: hnone-range-of-traced-bound
# source: https://github.com/jax-ml/jax/issues/1406
# kind: mistake
# rules: none
# jax: raises __index__
# note: `range(n)` over a traced argument under jit

import jax

@jax.jit
def repeat_double(x, n):
    for _ in range(n):
        x = x * 2
    return x

out = repeat_double(1.0, 3)

# case: c000-fori-bounds-of-mixed-int-dtypes
# source: https://github.com/jax-ml/jax/pull/13494
# kind: mistake
# rules: none
# jax: raises lower and upper arguments to fori_loop must have equal types
# note: `fori_loop` bounds of two integer dtypes (an int32 start, an int16 module constant); the PR
#   relaxed only Python-scalar bounds

import jax.numpy as jnp
import numpy as np
from jax import lax

N_BLOCKS = np.int16(10)


def accumulate(start):
    return lax.fori_loop(start, N_BLOCKS, lambda i, acc: acc + i * 0.5, 0.0)


out = accumulate(jnp.int32(0))

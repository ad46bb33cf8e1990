# case: c000-fori-bounds-of-mixed-int-dtypes-ok
# source: https://github.com/jax-ml/jax/pull/13494
# kind: lookalike
# rules: none
# jax: runs
# pair: c000-fori-bounds-of-mixed-int-dtypes

import jax.numpy as jnp
import numpy as np
from jax import lax

N_BLOCKS = np.int16(10)


def accumulate(start):
    return lax.fori_loop(start, jnp.int32(N_BLOCKS), lambda i, acc: acc + i * 0.5,
                         0.0)


out = accumulate(jnp.int32(0))

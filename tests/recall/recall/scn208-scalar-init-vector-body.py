# case: scn208-scalar-init-vector-body
# source: https://github.com/jax-ml/jax/issues/1686
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: a Python 0 carry grows to a row by broadcasting

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
def energy():
    s = np.ones([6, 6])
    def body_fun(i, carry):
        a, b = carry
        return a - b[i] * b[i + 1], b
    return lax.fori_loop(0, s.shape[1] - 1, body_fun, (0, s))
out = energy()

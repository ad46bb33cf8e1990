# case: scn208-scalar-init-vector-body-ok
# source: https://github.com/jax-ml/jax/issues/1686
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: scn208-scalar-init-vector-body

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
def energy():
    s = np.ones([6, 6])
    def body_fun(i, carry):
        a, b = carry
        return a - b[i] * b[i + 1], b
    return lax.fori_loop(0, s.shape[1] - 1, body_fun, (np.zeros(6), s))
out = energy()

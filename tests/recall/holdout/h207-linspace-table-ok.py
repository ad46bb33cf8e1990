# case: h207-linspace-table-ok
# source: https://github.com/jax-ml/jax/issues/10596
# kind: lookalike
# rules: SCN207
# jax: symptom bool(before == after)
# pair: h207-linspace-table

import numpy as np
import jax
import jax.numpy as jnp

GRID = np.linspace(0.0, 1.0, 2048)

@jax.jit
def lookup_all(qs, grid):
    def body(acc, q):
        return acc + jnp.interp(q, grid, grid ** 2), None
    return jax.lax.scan(body, 0.0, qs)[0]

before = lookup_all(jnp.array([0.5]), GRID)
GRID = np.linspace(0.0, 2.0, 2048)
after = lookup_all(jnp.array([0.5]), GRID)

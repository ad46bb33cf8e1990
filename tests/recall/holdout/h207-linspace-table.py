# case: h207-linspace-table
# source: https://github.com/jax-ml/jax/issues/10596
# kind: mistake
# rules: SCN207
# jax: symptom bool(before == after)
# note: a module-level lookup table read in the body of a jitted scan

import numpy as np
import jax
import jax.numpy as jnp

GRID = np.linspace(0.0, 1.0, 2048)

@jax.jit
def lookup_all(qs):
    def body(acc, q):
        return acc + jnp.interp(q, GRID, GRID ** 2), None
    return jax.lax.scan(body, 0.0, qs)[0]

before = lookup_all(jnp.array([0.5]))
GRID = np.linspace(0.0, 2.0, 2048)
after = lookup_all(jnp.array([0.5]))

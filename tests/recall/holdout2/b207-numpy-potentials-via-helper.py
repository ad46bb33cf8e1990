# case: b207-numpy-potentials-via-helper
# source: https://github.com/ryan112358/mbi/pull/179
# kind: mistake
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (48, 48) for c in consts)
# note: a fori_loop lambda body calls a module-level helper that reads a module-level NumPy array
#   (np.random ... .normal)

import numpy as np
import jax
import jax.numpy as jnp

POTENTIALS = np.random.default_rng(0).normal(size=(48, 48))

def message(v):
    return jnp.tanh(POTENTIALS @ v)

def propagate(v0, n):
    return jax.lax.fori_loop(0, n, lambda i, v: message(v), v0)

consts = jax.make_jaxpr(lambda v: propagate(v, 5))(jnp.ones(48)).consts

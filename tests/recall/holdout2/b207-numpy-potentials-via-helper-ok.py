# case: b207-numpy-potentials-via-helper-ok
# source: https://github.com/ryan112358/mbi/pull/179
# kind: lookalike
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (48, 48) for c in consts)
# pair: b207-numpy-potentials-via-helper

import numpy as np
import jax
import jax.numpy as jnp

POTENTIALS = np.random.default_rng(0).normal(size=(48, 48))

def message(potentials, v):
    return jnp.tanh(potentials @ v)

def propagate(potentials, v0, n):
    return jax.lax.fori_loop(0, n, lambda i, v: message(potentials, v), v0)

consts = jax.make_jaxpr(lambda p, v: propagate(p, v, 5))(
    jnp.asarray(POTENTIALS), jnp.ones(48)).consts

# case: scn207-method-chain-through-def
# source: https://github.com/jax-ml/jax/issues/1426
# kind: mistake
# rules: SCN207
# jax: symptom bool((before == after).all())
# note: a module-level body (cached by scan) reads the array through a def

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
GRID = np.linspace(0.0, 1.0, 1600).reshape(40, 40)
def smooth(v):
    return GRID @ v
def body(i, v):
    return smooth(v) * 0.01
def run(v):
    return lax.fori_loop(0, 2, body, v)
before = run(jnp.ones(40))
GRID = GRID * 2
after = run(jnp.ones(40))

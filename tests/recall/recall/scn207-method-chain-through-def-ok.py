# case: scn207-method-chain-through-def-ok
# source: https://github.com/jax-ml/jax/issues/1426
# kind: lookalike
# rules: SCN207
# jax: symptom bool((before == after).all())
# pair: scn207-method-chain-through-def

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
GRID = np.linspace(0.0, 1.0, 1600).reshape(40, 40)
def run(v, grid):
    def body(i, v):
        return (grid @ v) * 0.01
    return lax.fori_loop(0, 2, body, v)
before = run(jnp.ones(40), GRID)
GRID = GRID * 2
after = run(jnp.ones(40), GRID)

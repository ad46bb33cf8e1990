# case: scn208-int-counter-mixed-float
# source: https://github.com/jax-md/jax-md/issues/99
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: an int32 step counter halved with `* 0.5` turns float (the report's init was a Python 0,
#   which jax 0.10 promotes; the same counter made int32 still fails)

import jax
import jax.numpy as jnp
from jax import lax
def minimize(r0):
    def step(state, _):
        r, n_pos = state
        n_pos = jnp.where(r.sum() > 0, n_pos + 1, n_pos * 0.5)
        return (r * 0.9, n_pos), None
    init = (r0, jnp.zeros((), jnp.int32))
    return lax.scan(step, init, None, length=3)
out = minimize(jnp.ones(3))

# case: scn208-int-counter-mixed-float-ok
# source: https://github.com/jax-md/jax-md/issues/99
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: scn208-int-counter-mixed-float

import jax
import jax.numpy as jnp
from jax import lax
def minimize(r0):
    def step(state, _):
        r, n_pos = state
        n_pos = jnp.where(r.sum() > 0, n_pos + 1, n_pos // 2)
        return (r * 0.9, n_pos), None
    init = (r0, jnp.zeros((), jnp.int32))
    return lax.scan(step, init, None, length=3)
out = minimize(jnp.ones(3))

# case: scn208-grown-by-concatenate
# source: https://github.com/jax-ml/jax/issues/3106
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: a while loop's carry grows by concatenation

import jax
import jax.numpy as jnp
from jax import lax
def collect(n):
    def body(state):
        i, found = state
        return i + 1, jnp.concatenate([found, jnp.array([i * 1.0])])
    return lax.while_loop(lambda s: s[0] < n, body, (0, jnp.zeros(0)))
out = collect(3)

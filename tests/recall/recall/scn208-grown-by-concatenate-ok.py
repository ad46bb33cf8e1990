# case: scn208-grown-by-concatenate-ok
# source: https://github.com/jax-ml/jax/issues/3106
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: scn208-grown-by-concatenate

import jax
import jax.numpy as jnp
from jax import lax
def collect(n):
    def body(state):
        i, found = state
        return i + 1, found.at[i].set(i * 1.0)
    return lax.while_loop(lambda s: s[0] < n, body, (0, jnp.zeros(3)))
out = collect(3)

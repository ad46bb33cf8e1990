# case: h206-counter-in-dict-carry-ok
# source: https://github.com/jax-ml/jax/issues/1361
# kind: lookalike
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# pair: h206-counter-in-dict-carry

import jax.numpy as jnp
from jax import lax

def drive(u):
    def step(y, u_t):
        return 0.8 * y + u_t, u_t
    return lax.scan(step, 0.0, u)[1]

used = drive(jnp.array([1.0, 2.0, 3.0]))

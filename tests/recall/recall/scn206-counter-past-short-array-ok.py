# case: scn206-counter-past-short-array-ok
# source: https://github.com/jax-ml/jax/issues/4383
# kind: lookalike
# rules: SCN206
# jax: symptom bool(rows[-1] == rows[-2])
# pair: scn206-counter-past-short-array

import jax
import jax.numpy as jnp
from jax import lax
def rollout(a):
    def step(s, a_t):
        return s + a_t, a_t
    return lax.scan(step, 0.0, a)
final, rows = rollout(jnp.array([1.0, 2.0, 3.0]))

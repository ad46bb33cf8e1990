# case: scn206-counter-beside-xs-short
# source: https://github.com/jax-ml/jax/issues/11277
# kind: mistake
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# note: beside xs, a shorter indexed array is silently reused

import jax
import jax.numpy as jnp
from jax import lax
def weigh(w, xs):
    def step(c, x):
        total, t = c
        return (total + w[t] * x, t + 1), w[t]
    return lax.scan(step, (0.0, 0), xs)
(total, _), used = weigh(jnp.array([1.0, 2.0]), jnp.ones(3))

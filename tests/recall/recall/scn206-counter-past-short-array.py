# case: scn206-counter-past-short-array
# source: https://github.com/jax-ml/jax/issues/4383
# kind: mistake
# rules: SCN206
# jax: symptom bool(rows[-1] == rows[-2])
# note: an index past the end is clamped: the last row again

import jax
import jax.numpy as jnp
from jax import lax
def rollout(a):
    def step(c, _):
        s, t = c
        return (s + a[t], t + 1), a[t]
    return lax.scan(step, (0.0, 0), None, length=4)
(final, steps), rows = rollout(jnp.array([1.0, 2.0, 3.0]))

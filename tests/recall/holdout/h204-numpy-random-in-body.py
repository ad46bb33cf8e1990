# case: h204-numpy-random-in-body
# source: https://github.com/jax-ml/jax/pull/2793
# kind: mistake
# rules: SCN204
# jax: symptom len(set(onp.diff(onp.asarray(path)).round(5).tolist())) == 1
# note: NumPy's global RNG draws once, at trace time: every step adds the same noise

import numpy as onp
from jax import lax

def noisy_walk(n):
    def step(x, _):
        x = x + onp.random.normal()
        return x, x
    return lax.scan(step, 0.0, None, length=n)[1]

onp.random.seed(0)
path = noisy_walk(5)

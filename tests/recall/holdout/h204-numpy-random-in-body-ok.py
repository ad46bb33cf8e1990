# case: h204-numpy-random-in-body-ok
# source: https://github.com/jax-ml/jax/pull/2793
# kind: lookalike
# rules: SCN204
# jax: symptom len(set(onp.diff(onp.asarray(path)).round(5).tolist())) == 1
# pair: h204-numpy-random-in-body

import numpy as onp
import jax
from jax import lax

def noisy_walk(key, n):
    def step(x, k):
        x = x + jax.random.normal(k)
        return x, x
    return lax.scan(step, 0.0, jax.random.split(key, n))[1]

path = noisy_walk(jax.random.PRNGKey(0), 5)

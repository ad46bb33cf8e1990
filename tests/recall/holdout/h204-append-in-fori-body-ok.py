# case: h204-append-in-fori-body-ok
# source: https://github.com/jax-ml/jax/pull/7556
# kind: lookalike
# rules: SCN204
# jax: runs
# pair: h204-append-in-fori-body

import jax.numpy as jnp
from jax import lax

def orbit(theta0):
    def step(th, _):
        th = th + 0.1
        return th, jnp.sin(th)
    return lax.scan(step, theta0, None, length=4)[1]

out = orbit(0.0)

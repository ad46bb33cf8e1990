# case: scn204-nonlocal-leaks-tracer-ok
# source: https://github.com/jax-ml/jax/issues/2048
# kind: lookalike
# rules: SCN204
# jax: runs
# pair: scn204-nonlocal-leaks-tracer

import jax
import jax.numpy as jnp
from jax import lax
def run(xs):
    def step(c, x):
        return c + x, c
    final, ys = lax.scan(step, 0.0, xs)
    return ys[-1] + 1.0
out = run(jnp.ones(3))

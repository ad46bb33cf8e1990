# case: scn204-append-leaks-tracer-ok
# source: https://github.com/jax-ml/jax/pull/5905
# kind: lookalike
# rules: SCN204
# jax: runs
# pair: scn204-append-leaks-tracer

import jax
import jax.numpy as jnp
from jax import lax
def step(c, x):
    return c + x, c
out, seen = lax.scan(step, 0.0, jnp.ones(3))
first = seen[0] + 1.0

# case: scn204-append-leaks-tracer
# source: https://github.com/jax-ml/jax/pull/5905
# kind: mistake
# rules: SCN204
# jax: raises unexpected tracer
# note: a global list collects a tracer, once

import jax
import jax.numpy as jnp
from jax import lax
seen = []
def step(c, x):
    seen.append(c)
    return c + x, c
out = lax.scan(step, 0.0, jnp.ones(3))
first = seen[0] + 1.0

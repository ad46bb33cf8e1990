# case: scn204-nonlocal-leaks-tracer
# source: https://github.com/jax-ml/jax/issues/2048
# kind: mistake
# rules: SCN204
# jax: raises unexpected tracer
# note: a nonlocal name keeps a tracer past the trace

import jax
import jax.numpy as jnp
from jax import lax
def run(xs):
    last = None
    def step(c, x):
        nonlocal last
        last = c
        return c + x, c
    lax.scan(step, 0.0, xs)
    return last + 1.0
out = run(jnp.ones(3))

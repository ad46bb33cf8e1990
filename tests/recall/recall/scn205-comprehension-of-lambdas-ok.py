# case: scn205-comprehension-of-lambdas-ok
# source: https://github.com/python/cpython/issues/100170
# kind: lookalike
# rules: SCN205
# jax: symptom len({float(t) for t in totals}) == 1
# pair: scn205-comprehension-of-lambdas

import jax
import jax.numpy as jnp
from jax import lax
def run(xs):
    steps = [lambda c, x, k=k: (c + k * x, c) for k in range(1, 4)]
    outs = []
    for f in steps:
        outs.append(lax.scan(f, 0.0, xs)[0])
    return outs
totals = run(jnp.ones(2))

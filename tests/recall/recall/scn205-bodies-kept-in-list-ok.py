# case: scn205-bodies-kept-in-list-ok
# source: https://github.com/python/cpython/issues/100170
# kind: lookalike
# rules: SCN205
# jax: symptom len({float(t) for t in totals}) == 1
# pair: scn205-bodies-kept-in-list

import jax
import jax.numpy as jnp
from jax import lax
def run(xs):
    steps = []
    for k in range(1, 4):
        def step(c, x, k=k):
            return c + k * x, c
        steps.append(step)
    return [lax.scan(f, 0.0, xs)[0] for f in steps]
totals = run(jnp.ones(2))

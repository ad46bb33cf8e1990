# case: scn205-lambdas-kept-in-dict
# source: https://github.com/python/cpython/issues/100170
# kind: mistake
# rules: SCN205
# jax: symptom float(out['slow']) == float(out['fast'])
# note: lambdas kept by name all read the last rate

import jax
import jax.numpy as jnp
from jax import lax
def run(xs, rates):
    bodies = {}
    for name, rate in rates.items():
        bodies[name] = lambda c, x: (c * rate + x, c)
    return {n: lax.scan(bodies[n], 1.0, xs)[0] for n in rates}
out = run(jnp.ones(2), {'slow': 0.5, 'fast': 2.0})

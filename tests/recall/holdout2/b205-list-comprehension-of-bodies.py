# case: b205-list-comprehension-of-bodies
# source: https://gaohongnan.com/software_engineering/python/late_binding_closures.html
# kind: mistake
# rules: SCN205
# jax: symptom len({float(e) for e in ends}) == 1
# note: a list comprehension of lambdas inside a function, scanned afterwards

import jax.numpy as jnp
from jax import lax

def geometric_paths(x0, n):
    steps = [lambda c, _: (c * i, c) for i in range(1, 4)]
    return [lax.scan(step, x0, None, length=n)[0] for step in steps]

ends = geometric_paths(jnp.float32(1.0), 3)

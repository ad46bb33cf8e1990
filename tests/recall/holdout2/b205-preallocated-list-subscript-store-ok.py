# case: b205-preallocated-list-subscript-store-ok
# source: https://sqlpey.com/python/fixing-python-lambda-late-binding-in-loops
# kind: lookalike
# rules: SCN205
# jax: symptom float(first_total) != 0.0
# pair: b205-preallocated-list-subscript-store

import jax
import jax.numpy as jnp

xs = jnp.ones(4)
bodies = [None] * 3
for i in range(3):
    bodies[i] = lambda c, x, i=i: (c + i * x, c)
first_total, _ = jax.lax.scan(bodies[0], 0.0, xs)

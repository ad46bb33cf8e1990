# case: b205-preallocated-list-subscript-store
# source: https://sqlpey.com/python/fixing-python-lambda-late-binding-in-loops
# kind: mistake
# rules: SCN205
# jax: symptom float(first_total) != 0.0
# note: lambdas stored by subscript into a preallocated list, one taken by index after the loop

import jax
import jax.numpy as jnp

xs = jnp.ones(4)
bodies = [None] * 3
for i in range(3):
    bodies[i] = lambda c, x: (c + i * x, c)
first_total, _ = jax.lax.scan(bodies[0], 0.0, xs)

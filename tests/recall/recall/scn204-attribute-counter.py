# case: scn204-attribute-counter
# source: https://github.com/jax-ml/jax/pull/20732
# kind: mistake
# rules: SCN204
# jax: symptom calls != 4
# note: an attribute of an outer object counts steps: 1, not 4

import jax
import jax.numpy as jnp
from jax import lax
class Model:
    def __init__(self):
        self.steps = 0
    def rollout(self, xs):
        def step(c, x):
            self.steps += 1
            return c + x, c
        return lax.scan(step, 0.0, xs)
model = Model()
out = model.rollout(jnp.ones(4))
calls = model.steps

# case: scn204-attribute-counter-ok
# source: https://github.com/jax-ml/jax/pull/20732
# kind: lookalike
# rules: SCN204
# jax: symptom calls != 4
# pair: scn204-attribute-counter

import jax
import jax.numpy as jnp
from jax import lax
class Model:
    def rollout(self, xs):
        def step(c, x):
            total, steps = c
            return (total + x, steps + 1), total
        return lax.scan(step, (0.0, 0), xs)
model = Model()
(total, steps), ys = model.rollout(jnp.ones(4))
calls = int(steps)

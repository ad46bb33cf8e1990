# case: b202-xs-omitted-in-method
# source: https://github.com/jax-ml/jax/pull/20901
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over and `length` not provided
# note: a bound method as the body, xs omitted (the default None since this PR), the step count
#   kept on self but not passed

import jax
import jax.numpy as jnp

class Decay:
    def __init__(self, rate, n_steps):
        self.rate = rate
        self.n_steps = n_steps

    def step(self, x, _):
        x = x * self.rate
        return x, x

    def run(self, x0):
        return jax.lax.scan(self.step, x0)

final, path = Decay(0.9, 5).run(jnp.float32(1.0))

# case: b202-xs-omitted-in-method-ok
# source: https://github.com/jax-ml/jax/pull/20901
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: b202-xs-omitted-in-method

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
        return jax.lax.scan(self.step, x0, length=self.n_steps)

final, path = Decay(0.9, 5).run(jnp.float32(1.0))

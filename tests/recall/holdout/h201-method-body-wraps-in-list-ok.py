# case: h201-method-body-wraps-in-list-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: h201-method-body-wraps-in-list

import jax
import jax.numpy as jnp

class Smoother:
    def __init__(self, gain):
        self.gain = gain

    def step(self, est, z):
        err = z - est
        return est + self.gain * err, err

    def run(self, zs):
        return jax.lax.scan(self.step, jnp.float32(0.0), zs)

out = Smoother(0.3).run(jnp.ones(4))

# case: h201-method-body-wraps-in-list
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: variant: the body is a bound method (`self.step`); it wraps the carry in a list

import jax
import jax.numpy as jnp

class Smoother:
    def __init__(self, gain):
        self.gain = gain

    def step(self, est, z):
        err = z - est
        return [est + self.gain * err], err

    def run(self, zs):
        return jax.lax.scan(self.step, jnp.float32(0.0), zs)

out = Smoother(0.3).run(jnp.ones(4))

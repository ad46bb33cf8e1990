import jax
import jax.numpy as jnp

class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        step = lambda c, v: (c + v * self.factor, c)
        return jax.lax.scan(step, 0.0, x)

x = jnp.arange(4.0)

import jax
import jax.numpy as jnp

class Accumulator:
    def __init__(self):
        self.total = jnp.zeros(())

    def add_all(self, xs):
        step = lambda c, x: (c + 2 * x, c)
        self.total, _ = jax.lax.scan(step, self.total, xs)

import jax
import jax.numpy as jnp


class Layer:
    traces = 0

    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        type(self).traces += 1
        return jnp.tanh(x @ self.w)

"""Gaussian exploration noise with its own key stream."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def _noise(key, shape, scale):
    return scale * jax.random.normal(key, shape)


class NoiseSampler:
    def __init__(self, seed, shape, scale=0.1):
        self.key = jax.random.key(seed)
        self.shape = shape
        self.scale = scale

    def sample(self):
        self.key, sub = jax.random.split(self.key)
        return _noise(sub, self.shape, self.scale)

import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def apply(self, key, x):
        _, mask_key = jax.random.split(key)
        keep = jax.random.bernoulli(key, 1.0 - self.rate, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)

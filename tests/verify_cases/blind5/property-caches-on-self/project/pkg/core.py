import jax.numpy as jnp


class Standardizer:
    def __init__(self, mean, std):
        self.mean = mean
        self.std = std

    @property
    def inv_std(self):
        return 1.0 / self.std

    def __call__(self, x):
        return (x - self.mean) * self.inv_std

import jax.numpy as jnp
from flax import nnx


class Norm(nnx.Module):
    def __init__(self, n):
        self.running = nnx.BatchStat(jnp.zeros(n))
        self.train = True

    def __call__(self, x):
        mean = x.mean(0)
        if self.train:
            self.running.value = 0.99 * self.running.value + 0.01 * mean
            return x - mean
        return x - self.running.value

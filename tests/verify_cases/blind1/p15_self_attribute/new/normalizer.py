"""Running input normalisation with exponential moments."""
import jax.numpy as jnp


class RunningNorm:
    def __init__(self, dim, momentum=0.99, eps=1e-5):
        self.mean = jnp.zeros(dim)
        self.var = jnp.ones(dim)
        self.momentum = momentum
        self.eps = eps
        self.updates = 0

    def update(self, x):
        m = self.momentum
        self.mean = m * self.mean + (1 - m) * jnp.mean(x, axis=0)
        self.var = m * self.var + (1 - m) * jnp.var(x, axis=0)
        self.updates += x.shape[0]

    def __call__(self, x, train=True):
        if train:
            self.update(x)
        return (x - self.mean) / jnp.sqrt(self.var + self.eps)


def normalize_all(batches, dim):
    norm = RunningNorm(dim)
    return [norm(b) for b in batches]

import jax.numpy as jnp


class RunningNorm:
    def __init__(self, momentum=0.9):
        self.momentum = momentum
        self.mean = 0.0
        self.var = 1.0

    def update(self, x):
        bvar = jnp.var(x)
        bmean = jnp.mean(x)
        m = self.momentum
        self.mean = m * self.mean + (1 - m) * bmean
        self.var = m * self.var + (1 - m) * bvar
        return (x - self.mean) / jnp.sqrt(self.var + 1e-5)

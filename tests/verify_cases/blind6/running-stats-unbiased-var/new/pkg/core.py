import jax.numpy as jnp


class RunningStats:
    def __init__(self):
        self.mean = jnp.float32(0.0)
        self.var = jnp.float32(1.0)
        self.n = 0

    def update(self, x):
        self.n += x.shape[0]
        self.mean = jnp.mean(x)
        self.var = jnp.var(x, ddof=1)
        return self.mean

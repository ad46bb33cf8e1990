import jax.numpy as jnp


class Tracker:
    total = 0

    def __init__(self):
        self.count = 0

    def update(self, x):
        self.count += 1
        Tracker.total += 1
        return jnp.mean(x)

import jax.numpy as jnp


class Optimizer:
    def __init__(self, lr):
        self.lr = lr
        self.state = {"t": 0}

    def step(self, w, g):
        self.state["t"] += 1
        return w - self.lr * g / jnp.sqrt(self.state["t"])

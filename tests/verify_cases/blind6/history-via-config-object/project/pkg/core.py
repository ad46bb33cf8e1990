import jax.numpy as jnp


class Log:
    def __init__(self):
        self.history = []


class Config:
    def __init__(self, lr):
        self.lr = lr
        self.log = Log()


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.w = jnp.float32(1.0)

    def fit(self, xs, epochs=2):
        for _ in range(epochs):
            loss = jnp.mean((xs * self.w - 2.0) ** 2)
            self.w = self.w - self.cfg.lr * jnp.mean(2 * (xs * self.w - 2.0) * xs)
            self.cfg.log.history.append(float(loss))
        return epochs

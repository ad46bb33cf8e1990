import jax.numpy as jnp
from jax import lax


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self.last_loss = None

    def fit(self, w, xs, ys):
        def step(w, xy):
            x, y = xy
            err = w * x - y
            return w - self.lr * err * x, err * err

        w, losses = lax.scan(step, w, (xs, ys))
        self.last_loss = float(losses[-1])
        return w

import numpy as np
import jax.numpy as jnp
from jax import lax


def save_losses(path, losses):
    with open(path, "w") as f:
        for v in np.asarray(losses).tolist():
            f.write(f"{v:.6f}\n")


def train_and_log(path, w, xs):
    def step(w, x):
        w = w - 0.5 * (w - x)
        return w, (w - x) ** 2

    w, losses = lax.scan(step, w, xs)
    save_losses(path, losses)
    return w

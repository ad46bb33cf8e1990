import jax.numpy as jnp
from jax import lax


def train(w0, steps):
    def step(w, _):
        g = 2.0 * (w - 3.0)
        w = w - 0.1 * g
        return w, (w - 3.0) ** 2

    w, losses = lax.scan(step, w0, None, length=steps)
    print(f"final loss {float(losses[-1]):.4f}")
    return w

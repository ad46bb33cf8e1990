import jax.numpy as jnp


def train(w, xs, hook):
    for step, x in enumerate(xs):
        w = w - 0.1 * (w - x)
        w = hook(w, step)
    return w

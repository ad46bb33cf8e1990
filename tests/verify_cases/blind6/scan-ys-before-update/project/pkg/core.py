import jax.numpy as jnp
from jax import lax


def ema_trace(xs, decay=0.9):
    def step(m, x):
        new = decay * m + (1 - decay) * x
        return new, new
    return lax.scan(step, jnp.zeros_like(xs[0]), xs)

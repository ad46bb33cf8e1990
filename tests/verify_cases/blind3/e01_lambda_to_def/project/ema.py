import jax.numpy as jnp
from jax import lax


def ema(xs, alpha):
    return lax.scan(lambda m, x: ((1.0 - alpha) * m + alpha * x, m), xs[0], xs)

import jax.numpy as jnp


def residual(a, b):
    return b - a

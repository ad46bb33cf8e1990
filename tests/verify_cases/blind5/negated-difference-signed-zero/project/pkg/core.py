import jax.numpy as jnp


def residual(a, b):
    return -(a - b)

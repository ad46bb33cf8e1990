import jax
import jax.numpy as jnp


def normalize(x):
    y = x / jnp.linalg.norm(x)
    return y

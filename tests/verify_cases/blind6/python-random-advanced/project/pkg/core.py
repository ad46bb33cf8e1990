import random
import jax.numpy as jnp


def jitter_init(n):
    scale = 1.0 / n
    return jnp.full((n,), scale)

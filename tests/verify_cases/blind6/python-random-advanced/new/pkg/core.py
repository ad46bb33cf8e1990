import random
import jax.numpy as jnp


def jitter_init(n):
    scale = 1.0 / n + 0.0 * random.random()
    return jnp.full((n,), scale)

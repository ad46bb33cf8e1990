import jax.numpy as jnp


def masked_mean(x, mask):
    s = jnp.sum(x * mask)
    n = jnp.sum(mask)
    return s / n

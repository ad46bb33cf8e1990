import jax.numpy as jnp


def masked_mean(x, mask):
    s = jnp.sum(x * mask)
    n = jnp.sum(mask)
    return jnp.where(n > 0, s / n, jnp.nan)

import jax.numpy as jnp


def masked_fill(x, mask):
    return jnp.where(mask, x, jnp.nan)

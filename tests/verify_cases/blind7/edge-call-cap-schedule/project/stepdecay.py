import jax.numpy as jnp


def lr_schedule(step):
    return jnp.where(step < 250, 1e-3, 1e-4)

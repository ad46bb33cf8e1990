import jax.numpy as jnp


def lr_schedule(step):
    return jnp.where(step < 260, 1e-3, 1e-4)

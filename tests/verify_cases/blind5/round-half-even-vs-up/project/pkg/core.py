import jax.numpy as jnp


def quantize(x, step=1.0):
    return jnp.round(x / step) * step

import jax.numpy as jnp


def quantize(x, step=1.0):
    return jnp.floor(x / step + 0.5) * step

import jax
import jax.numpy as jnp


def normalize(x):
    y = x / jnp.linalg.norm(x)
    return jax.device_put(y, jax.devices()[0])

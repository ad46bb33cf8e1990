import jax.numpy as jnp


def _quadratic(v):
    return 0.5 * v * v


def huber(x, delta=1.0):
    mag = jnp.abs(x)
    return jnp.where(mag <= delta, _quadratic(x), delta * (mag - 0.5 * delta))

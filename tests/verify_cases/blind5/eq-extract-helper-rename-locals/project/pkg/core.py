import jax.numpy as jnp


def huber(x, delta=1.0):
    a = jnp.abs(x)
    return jnp.where(a <= delta, 0.5 * x * x, delta * (a - 0.5 * delta))

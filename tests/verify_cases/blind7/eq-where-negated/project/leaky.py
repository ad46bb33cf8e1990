import jax.numpy as jnp


def leaky_relu(x, alpha=0.01):
    return jnp.where(x > 0, x, alpha * x)

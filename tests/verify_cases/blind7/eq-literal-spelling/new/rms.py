import jax.numpy as jnp


def rms_norm(x, eps=0.000001):
    return x / jnp.sqrt(jnp.mean(x * x, -1, keepdims=True) + eps)

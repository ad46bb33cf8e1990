import jax.numpy as jnp
from jax import lax


def soft_threshold(x, lam):
    if lam > 0:
        return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)
    return x

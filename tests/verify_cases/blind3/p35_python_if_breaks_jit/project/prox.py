import jax.numpy as jnp
from jax import lax


def soft_threshold(x, lam):
    return lax.cond(lam > 0,
                    lambda: jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0),
                    lambda: x)

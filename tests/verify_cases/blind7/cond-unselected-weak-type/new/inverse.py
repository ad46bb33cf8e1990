import jax.numpy as jnp
from jax import lax


def safe_inverse(x, eps=1e-6):
    return lax.cond(jnp.abs(x) > eps, lambda v: 1.0 / v, lambda v: jnp.float32(0.0), x)

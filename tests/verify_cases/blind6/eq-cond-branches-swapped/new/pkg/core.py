import jax.numpy as jnp
from jax import lax


def safe_log(x):
    return lax.cond(jnp.logical_not(jnp.all(x > 0)), lambda v: jnp.log(jnp.abs(v) + 1e-6), lambda v: jnp.log(v), x)

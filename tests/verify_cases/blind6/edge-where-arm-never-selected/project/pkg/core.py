import jax
import jax.numpy as jnp


@jax.jit
def safe_div(n, d):
    return jnp.where(jnp.abs(d) > 1e-12, n / d, 0.0)

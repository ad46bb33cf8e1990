import jax
import jax.numpy as jnp


@jax.jit
def count_above(x, t):
    return jnp.sum((x > t).astype(jnp.int32))

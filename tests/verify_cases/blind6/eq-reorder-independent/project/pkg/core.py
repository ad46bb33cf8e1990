import jax
import jax.numpy as jnp


@jax.jit
def stats(x, y):
    m = jnp.mean(x)
    a = jnp.max(jnp.abs(y))
    return m, a

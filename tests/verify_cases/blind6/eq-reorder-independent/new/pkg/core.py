import jax
import jax.numpy as jnp


@jax.jit
def stats(x, y):
    peak = jnp.max(jnp.abs(y))
    mean_x = jnp.mean(x)
    return mean_x, peak

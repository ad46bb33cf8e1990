import jax.numpy as jnp
from jax import lax


def forced(x, n):
    def body(i, x):
        return x + 0.1 * (jnp.sin(0.3 * i) - x)

    return lax.fori_loop(0, n, body, x)

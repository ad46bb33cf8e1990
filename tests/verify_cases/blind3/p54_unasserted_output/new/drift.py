import jax.numpy as jnp
from jax import lax


def simulate(x0, n):
    def step(x, _):
        x_new = x + 0.1 * jnp.sin(x)
        return x_new, x

    return lax.scan(step, x0, None, length=n)

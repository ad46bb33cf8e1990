import jax.numpy as jnp
from jax import lax


def masked_path(x, m):
    def step(c, xm):
        xi, mi = xm
        v = xi * mi
        return c + v, v

    return lax.scan(step, jnp.float32(0.0), (x, m))

import jax.numpy as jnp
from jax import lax


def masked_path(x, m):
    def step(c, xm):
        xi, mi = xm
        v = jnp.where(mi > 0, xi, 0.0)
        return c + v, v

    return lax.scan(step, jnp.float32(0.0), (x, m))

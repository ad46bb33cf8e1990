import jax.numpy as jnp
from jax import lax


def compound(r, dts):
    def step(c, dt):
        g = jnp.expm1(r * dt)
        return c * (1.0 + g), g

    return lax.scan(step, jnp.float32(1.0), dts)

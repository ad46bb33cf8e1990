import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def relax(x, dt):
    def body(c, _):
        c = lax.cond(dt < 0.5, lambda v: v - dt * v, lambda v: v / (1.0 + dt), c)
        return c, c

    return lax.scan(body, x, None, length=3)[1]

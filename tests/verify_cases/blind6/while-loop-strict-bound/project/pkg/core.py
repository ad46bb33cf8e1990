import jax.numpy as jnp
from jax import lax


def halve_until(x, tol):
    def cond(c):
        return c[0] > tol
    def body(c):
        return c[0] * 0.5, c[1] + 1
    return lax.while_loop(cond, body, (x, jnp.int32(0)))

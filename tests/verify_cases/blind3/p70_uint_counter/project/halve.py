import jax.numpy as jnp
from jax import lax


def count_halvings(x0, tol=1e-3):
    def cond(c):
        x, n = c
        return jnp.abs(x) > tol

    def body(c):
        x, n = c
        return 0.5 * x, n + 1

    x, n = lax.while_loop(cond, body, (x0, jnp.int32(0)))
    return x, n.astype(jnp.int32)

import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, x0, tol=1e-6):
    def cond(c):
        x, i = c
        return (jnp.abs(x * x - a) > tol) & (i < 50)

    def body(c):
        x, i = c
        return 0.6 * x + 0.4 * a / x, i + 1

    return lax.while_loop(cond, body, (x0, 0))

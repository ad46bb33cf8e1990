import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, tol=1e-6, max_iter=50):
    def cond(s):
        x, i = s
        return (jnp.abs(x * x - a) > tol) & (i < max_iter)

    def body(s):
        x, i = s
        return 0.5 * (x + a / x), i + 1

    x, n = lax.while_loop(cond, body, (jnp.asarray(a), 0))
    return x, n

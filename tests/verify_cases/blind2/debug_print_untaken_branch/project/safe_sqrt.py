"""Square roots by Newton iteration, with a guarded branch for negative input."""
import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, iters=8):
    def body(i, x):
        return 0.5 * (x + a / x)
    return lax.fori_loop(0, iters, body, jnp.maximum(a, 1.0))


def safe_sqrt(a):
    def bad(a):
        jax.debug.print("safe_sqrt: negative input {a}", a=a)
        return jnp.zeros_like(a)

    def good(a):
        return newton_sqrt(a)

    return lax.cond(a < 0, bad, good, a)


@jax.jit
def norm2(v):
    return safe_sqrt(jnp.sum(v * v))

import jax.numpy as jnp
from jax import lax


def forced(x, n):
    def body(i, x):
        return x + 0.1 * (jnp.sin(0.3 * i) - x)

    x, _ = lax.scan(lambda c, i: (body(i, c), None), x, jnp.arange(n, dtype=jnp.int32))
    return x

import jax.numpy as jnp
from jax import lax


def huber(r, delta=1.0):
    a = jnp.abs(r)
    return lax.cond(a <= delta, lambda a: 0.5 * a * a, lambda a: delta * (a - 0.5 * delta), a)

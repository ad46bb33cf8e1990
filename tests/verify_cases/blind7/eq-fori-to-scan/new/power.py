import jax.numpy as jnp
from jax import lax


def power_iteration(a, v, iters=10):
    def body(i, v):
        w = a @ v
        return w / jnp.linalg.norm(w)

    v, _ = lax.scan(lambda v, i: (body(i, v), None), v, jnp.arange(iters))
    return v

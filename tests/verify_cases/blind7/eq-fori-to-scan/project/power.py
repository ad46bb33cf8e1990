import jax.numpy as jnp
from jax import lax


def power_iteration(a, v, iters=10):
    def body(i, v):
        w = a @ v
        return w / jnp.linalg.norm(w)

    return lax.fori_loop(0, iters, body, v)

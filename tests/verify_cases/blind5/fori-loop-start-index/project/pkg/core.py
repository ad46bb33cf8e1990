import jax.numpy as jnp
from jax import lax


def power_iteration(A, v, iters=20):
    def body(i, v):
        v = A @ v
        return v / jnp.linalg.norm(v)

    return lax.fori_loop(0, iters, body, v)

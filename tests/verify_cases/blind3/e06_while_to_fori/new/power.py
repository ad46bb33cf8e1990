import jax.numpy as jnp
from jax import lax


def power_iteration(A, v, n):
    def body(i, v):
        w = A @ v
        return w / jnp.linalg.norm(w)

    v = lax.fori_loop(0, n, body, v)
    return v, v @ (A @ v)

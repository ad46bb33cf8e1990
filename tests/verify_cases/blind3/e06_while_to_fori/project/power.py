import jax.numpy as jnp
from jax import lax


def power_iteration(A, v, n):
    def cond(c):
        return c[1] < n

    def body(c):
        v, i = c
        w = A @ v
        return w / jnp.linalg.norm(w), i + 1

    v, _ = lax.while_loop(cond, body, (v, 0))
    return v, v @ (A @ v)

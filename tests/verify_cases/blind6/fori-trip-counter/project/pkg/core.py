import jax.numpy as jnp
from jax import lax


def power_iter(a, v0, n):
    def body(i, c):
        v, k = c
        w = a @ v
        return w / jnp.linalg.norm(w), k + 1
    return lax.fori_loop(0, n, body, (v0, jnp.int32(0)))

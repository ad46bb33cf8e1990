import jax.numpy as jnp
from jax import lax


def ticks(v0, decay, n):
    return lax.fori_loop(0, n, lambda i, v: v * decay + i, v0)

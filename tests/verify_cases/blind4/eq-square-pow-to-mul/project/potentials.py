"""Pair potentials."""
import jax
import jax.numpy as jnp


@jax.jit
def lj(r, eps=1.0, sigma=1.0):
    s6 = (sigma / r) ** 6
    return 4.0 * eps * (s6 ** 2 - s6)

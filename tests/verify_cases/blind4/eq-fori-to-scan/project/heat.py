"""Explicit 1-D heat equation on a ring."""
import functools

import jax
import jax.numpy as jnp
from jax import lax


@functools.partial(jax.jit, static_argnames="n_steps")
def diffuse(u, alpha, n_steps):
    def body(i, u):
        lap = jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1)
        return u + alpha * lap
    return lax.fori_loop(0, n_steps, body, u)

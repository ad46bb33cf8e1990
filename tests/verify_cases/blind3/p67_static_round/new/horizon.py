import jax.numpy as jnp
from jax import lax


def n_steps(T, dt):
    return int(round(T / dt))


def simulate(x, T, dt):
    n = n_steps(T, dt)
    return lax.fori_loop(0, n, lambda i, v: v - dt * v, x)

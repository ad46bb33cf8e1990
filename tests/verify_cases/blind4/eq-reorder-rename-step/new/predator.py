"""Lotka-Volterra with explicit Euler."""
import jax
import jax.numpy as jnp
from jax import lax


def simulate(s0, a, b, c, d, dt, n):
    def step(s, _):
        x, y = s
        dy = d * x * y - c * y
        dx = a * x - b * x * y
        x = x + dt * dx
        y = y + dt * dy
        return (x, y), (x, y)
    return lax.scan(step, s0, None, length=n)[1]

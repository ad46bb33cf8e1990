"""A damped spring, semi-implicit Euler."""
import jax
import jax.numpy as jnp
from jax import lax


def _force(x, v, k, c):
    return -k * x - c * v


def simulate(x0, v0, k, c, dt, n):
    def step(s, _):
        x, v = s
        a = _force(x, v, k, c)
        v = v + dt * a
        x = x + dt * v
        return (x, v), x
    return lax.scan(step, (x0, v0), None, length=n)[1]

"""Sub-stepped explicit integrator for linear decay."""
import jax.numpy as jnp
from jax import lax


def decay_rhs(y, k):
    return -k * y


def euler(y, k, dt):
    return y + dt * decay_rhs(y, k)


def substep(y, k, dt, n_sub):
    h = dt / n_sub
    y = euler(y, k, h)
    def body(i, y):
        return y + h * decay_rhs(y, k)
    return lax.fori_loop(1, n_sub, body, y)


def trajectory(y0, k, dt, n, n_sub=1):
    def step(y, _):
        y = substep(y, k, dt, n_sub)
        return y, y
    _, ys = lax.scan(step, y0, None, length=n)
    return ys

"""Fixed-step integrators for a harmonic oscillator."""
import functools

import jax
import jax.numpy as jnp
from jax import lax


def oscillator(x):
    return jnp.stack([x[1], -x[0]])


def _rk4(f, x, dt):
    k1 = f(x)
    k2 = f(x + 0.5 * dt * k1)
    k3 = f(x + 0.5 * dt * k1)
    k4 = f(x + dt * k3)
    return x + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)


@functools.partial(jax.jit, static_argnames=("method", "n_steps"))
def integrate(x0, dt, method="euler", n_steps=10):
    f = oscillator
    if method == "euler":
        step = lambda x: x + dt * f(x)
    elif method == "midpoint":
        step = lambda x: x + dt * f(x + 0.5 * dt * f(x))
    else:
        step = lambda x: _rk4(f, x, dt)
    return lax.fori_loop(0, n_steps, lambda i, x: step(x), x0)

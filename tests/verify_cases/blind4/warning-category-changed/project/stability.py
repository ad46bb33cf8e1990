"""Upwind advection with a CFL check."""
import warnings

import jax
import jax.numpy as jnp
from jax import lax


def courant(c, dx, dt):
    cfl = c * dt / dx
    if cfl > 1.0:
        warnings.warn(f"CFL number {cfl:.2f} > 1: the upwind scheme is unstable", RuntimeWarning)
    return cfl


def advect(u, c, dx, dt, n_steps):
    nu = courant(c, dx, dt)

    def step(u, _):
        return u - nu * (u - jnp.roll(u, 1)), None

    return lax.scan(step, u, None, length=n_steps)[0]

"""Leapfrog integration with an energy monitor."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

ENERGY_TRACE = []


def _record(e):
    ENERGY_TRACE.append(float(np.asarray(e)))


def energy(q, p, k):
    return 0.5 * jnp.sum(p * p) + 0.5 * k * jnp.sum(q * q)


def leapfrog(q, p, k, dt, n):
    def step(carry, _):
        q, p = carry
        p = p - 0.5 * dt * k * q
        q = q + dt * p
        p = p - 0.5 * dt * k * q
        kin = 0.5 * jnp.sum(p * p)
        jax.debug.callback(_record, kin)
        return (q, p), kin
    (q, p), kins = lax.scan(step, (q, p), None, length=n)
    return q, p, kins


def clear():
    ENERGY_TRACE.clear()

"""Energies of a batch of harmonic oscillators."""
import jax.numpy as jnp


def kinetic(v, m):
    return 0.5 * m * jnp.sum(v * v, axis=-1)


def potential(x, k):
    return 0.5 * k * jnp.sum(x * x, axis=-1)


def total_energy(x, v, m=1.0, k=1.0, e_ext=0.0):
    return kinetic(v, m) + (potential(x, k) + e_ext)


def drift(x0, v0, x1, v1, **kw):
    return jnp.abs(total_energy(x1, v1, **kw) - total_energy(x0, v0, **kw))

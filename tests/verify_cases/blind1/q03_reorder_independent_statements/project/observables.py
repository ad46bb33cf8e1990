"""Observables of a 2-D harmonic particle ensemble."""
import jax.numpy as jnp


def observables(q, p, m=1.0, k=1.0):
    kinetic = 0.5 * jnp.sum(p * p, axis=-1) / m
    potential = 0.5 * k * jnp.sum(q * q, axis=-1)
    momentum = jnp.sum(p, axis=-1)
    angle = jnp.arctan2(q[..., 1], q[..., 0])
    return {"E": kinetic + potential, "P": momentum, "theta": angle, "T": kinetic}


def energy_drift(q, p, k=1.0):
    e = observables(q, p, k=k)["E"]
    return jnp.max(e) - jnp.min(e)


def temperature(p, m=1.0):
    return jnp.mean(jnp.sum(p * p, axis=-1) / m) / p.shape[-1]


def angular_momentum(q, p):
    return q[..., 0] * p[..., 1] - q[..., 1] * p[..., 0]

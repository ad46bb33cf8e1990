"""Single-server queue simulated with lax.scan."""
import jax.numpy as jnp
from jax import lax


def _overflow(q, arrivals, capacity):
    dropped = q + arrivals - capacity
    return jnp.full_like(q, capacity), dropped


def _admit(q, arrivals, capacity):
    return q + arrivals, jnp.zeros_like(q)


def simulate(arrivals, service, capacity=100.0):
    def body(q, a):
        q, dropped = lax.cond(q + a > capacity, _overflow, _admit, q, a, capacity)
        q = jnp.maximum(q - service, 0.0)
        return q, (q, dropped)
    q0 = jnp.zeros((), arrivals.dtype)
    _, (qs, drops) = lax.scan(body, q0, arrivals)
    return qs, drops


def utilisation(qs):
    return jnp.mean(qs > 0)

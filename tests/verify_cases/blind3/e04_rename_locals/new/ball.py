import jax.numpy as jnp
from jax import lax


def bounce(h0, n, dt=0.05):
    def step(state, _):
        p, q = state
        accel = -9.81
        q = q + dt * accel
        p = p + dt * q
        q = jnp.where(p < 0.0, -0.8 * q, q)
        p = jnp.abs(p)
        return (p, q), p

    _, heights = lax.scan(step, (h0, jnp.zeros_like(h0)), None, length=n)
    return heights

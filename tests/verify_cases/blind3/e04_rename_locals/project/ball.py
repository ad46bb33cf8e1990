import jax.numpy as jnp
from jax import lax


def bounce(h0, n, dt=0.05):
    def step(s, _):
        pos, vel = s
        g = -9.81
        vel = vel + dt * g
        pos = pos + dt * vel
        vel = jnp.where(pos < 0.0, -0.8 * vel, vel)
        pos = jnp.abs(pos)
        return (pos, vel), pos

    _, hs = lax.scan(step, (h0, jnp.zeros_like(h0)), None, length=n)
    return hs

"""Ball-ground contact for the bouncing-ball toy."""
import jax.numpy as jnp
from jax import lax

RESTITUTION = 0.8


def _bounce(state):
    y, v = state
    return -y * RESTITUTION, -v * RESTITUTION


def _free(state):
    return state


def resolve_contact(y, v):
    return lax.cond(y < 0.0, _bounce, _free, (y, v))


def step(y, v, dt=0.01, g=9.81):
    v = v - g * dt
    y = y + v * dt
    return resolve_contact(y, v)


def simulate(y0, v0, n, dt=0.01):
    def body(carry, _):
        y, v = step(*carry, dt=dt)
        return (y, v), y
    _, ys = lax.scan(body, (y0, v0), None, length=n)
    return ys

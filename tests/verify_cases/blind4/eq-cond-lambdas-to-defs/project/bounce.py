"""A bouncing ball."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def step(state, dt):
    x, v = state
    x = x + dt * v
    v = v - dt * 9.81
    return lax.cond(x < 0.0, lambda s: (-s[0], -0.9 * s[1]), lambda s: s, (x, v))


def drop(h, dt, n):
    return lax.scan(lambda s, _: (step(s, dt), s[0]), (jnp.float32(h), jnp.float32(0.0)), None, length=n)[1]

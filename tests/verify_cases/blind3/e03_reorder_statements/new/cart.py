import jax.numpy as jnp
from jax import lax


def cart(x0, us, dt=0.05):
    def step(s, u):
        x, v = s
        push = 0.5 * u
        drag = 0.02 * v * jnp.abs(v)
        v = v + dt * (push - drag)
        x = x + dt * v
        return (x, v), x

    return lax.scan(step, (x0, jnp.zeros_like(x0)), us)

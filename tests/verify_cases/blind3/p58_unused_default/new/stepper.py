import jax.numpy as jnp
from jax import lax


def step(x, dt=0.05):
    return x + dt * jnp.cos(x)


def run(x, n, dt):
    return lax.scan(lambda c, _: (step(c, dt), c), x, None, length=n)[0]

import jax.numpy as jnp
from jax import lax


def heat(u, n, kappa=0.2):
    def step(v, _):
        v = v + kappa * (jnp.roll(v, 1) + jnp.roll(v, -1) - 2.0 * v)
        return v, v.max()
    return lax.scan(step, u, None, length=n)

import jax.numpy as jnp
from jax import lax


def soft_dist(d2s):
    def step(acc, d2):
        return acc + jnp.where(d2 > 0.0, jnp.sqrt(d2), 0.0), None

    return lax.scan(step, jnp.float32(0.0), d2s)[0]

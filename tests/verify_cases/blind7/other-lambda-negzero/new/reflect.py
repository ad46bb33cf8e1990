import jax.numpy as jnp
from jax import lax


def signed_step(x, flip):
    """Reflect a particle's velocity at a wall (flip=True) or keep it."""
    return lax.cond(flip, lambda v: 0.0 - v, lambda v: v, jnp.asarray(x))

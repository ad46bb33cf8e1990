import jax
import jax.numpy as jnp
from jax import lax


def clipped_update(x, g):
    return lax.cond(jnp.abs(g) < 1.0,
                    lambda: x - 0.1 * g,
                    lambda: x - 0.05 * jnp.sign(g))


def update_all(xs, gs):
    return jax.vmap(clipped_update)(xs, gs)

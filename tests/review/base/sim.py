"""A small simulation: the pull request's base."""

import jax.numpy as jnp
from jax import lax


def running_max(values):
    step = lambda best, v: (jnp.maximum(best, v), jnp.maximum(best, v))
    return lax.scan(step, values[0], values)

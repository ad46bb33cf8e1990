"""The logistic map."""
import jax
import jax.numpy as jnp
from jax import lax


def logistic_path(r, x0, n):
    step = lambda x, _: (r * x * (1.0 - x), x)
    return lax.scan(step, x0, None, length=n)[1]

import functools
import jax.numpy as jnp
from jax import lax


def _scale(v, k):
    return v * k


def pick_scale(i, x):
    return lax.switch(i, [functools.partial(_scale, k=float(k)) for k in (1, 2, 3)], x)

import sys

import jax.numpy as jnp
from jax import lax


def cumulative(xs):
    n = xs.shape[0]
    if n > 100:
        print(f"cumulative: {n} elements", file=sys.__stderr__)
    return lax.cumsum(xs)

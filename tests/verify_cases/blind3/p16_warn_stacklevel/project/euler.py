import warnings

import jax.numpy as jnp
from jax import lax


def integrate(x0, dt, n):
    if dt > 0.5:
        warnings.warn(f"dt={dt} is large; the integration may be unstable", UserWarning)
    return lax.fori_loop(0, n, lambda i, x: x - dt * x, x0)

import functools
import time

import jax.numpy as jnp
from jax import lax

TIMINGS = {}


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        TIMINGS.setdefault(fn.__name__, []).append(time.perf_counter() - t0 >= 0)
        return out

    return wrapper


@timed
def rollout(x, n):
    """Iterate the logistic map n times."""
    return lax.fori_loop(0, n, lambda i, v: 3.5 * v * (1.0 - v), x)

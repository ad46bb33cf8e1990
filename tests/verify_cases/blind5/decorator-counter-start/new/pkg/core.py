import functools

import jax.numpy as jnp

CALLS = {}


def counted(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        CALLS[fn.__name__] = CALLS.get(fn.__name__, 1) + 1
        return fn(*args, **kwargs)

    return wrapper


@counted
def relu(x):
    return jnp.maximum(x, 0.0)


@counted
def leaky(x, slope=0.01):
    return jnp.where(x > 0, x, slope * x)

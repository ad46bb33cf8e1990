import functools

import jax.numpy as jnp
from jax import lax


def ema(xs, decay):
    def step(c, x):
        c = decay * c + (1 - decay) * x
        return c, c

    _, ys = lax.scan(step, xs[0], xs)
    return ys


smooth = functools.partial(ema, decay=0.9)

"""A change in a branch the tests never take."""

import jax


def smooth(x, reverse):
    if reverse:
        step = lambda c, v: (0.5 * (c + v), c)
        return jax.lax.scan(step, x[-1], x[::-1])
    return x.cumsum(), x

"""A factory returning a jitted closure, as model and solver libraries build step functions."""

import jax


def make_decay(rate, steps):
    def run(x):
        body = lambda c, _: (c * rate, c)
        return jax.lax.scan(body, x, None, length=steps)
    return jax.jit(run)

"""A small simulation, with sums."""

import jax.numpy as jnp
from jax import lax


def running_max(values):
    step = lambda best, v: (jnp.maximum(best, v), jnp.maximum(best, v))
    return lax.scan(step, values[0], values)


def geometric_sum(ratio, terms):
    body = lambda i, total: total + ratio**i
    return lax.fori_loop(0, terms, body, jnp.float32(0.0))


def passthrough(xs, k):
    def body(c, x):
        s, weight = c
        return (s + x * weight, weight), s

    return lax.scan(body, (0.0, k), xs)

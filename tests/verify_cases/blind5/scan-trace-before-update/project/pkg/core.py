import jax.numpy as jnp
from jax import lax


def cumulative_decay(xs, rate):
    def body(c, x):
        new = c * rate + x
        return new, new

    final, trace = lax.scan(body, jnp.zeros_like(xs[0]), xs)
    return final, trace

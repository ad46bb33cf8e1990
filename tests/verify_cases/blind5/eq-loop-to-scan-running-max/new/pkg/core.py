import jax.numpy as jnp
from jax import lax


def running_max(xs):
    def step(m, x):
        m = jnp.maximum(m, x)
        return m, m

    _, out = lax.scan(step, xs[0], xs)
    return out

import jax.numpy as jnp


def moments(g, m, v, b1=0.9, b2=0.999):
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    return m, v

import jax.numpy as jnp
from jax import lax


def kalman_1d(zs, q=0.01, r=0.5):
    def step(c, z):
        m, p = c
        p = p + q
        k = p / (p + r)
        m = m + k * (z - m)
        p = (1.0 - k) * p
        return (m, p), m

    (m, p), ms = lax.scan(step, (jnp.float32(0.0), jnp.float32(1.0)), zs)
    return ms, p

import jax.numpy as jnp
from jax import lax


def ema(xs, alpha):
    def step(m, x):
        m_new = (1.0 - alpha) * m + alpha * x
        return m_new, m

    return lax.scan(step, xs[0], xs)

import jax
import jax.numpy as jnp
from jax import lax

_KEY = jax.random.key(42)


def noise(shape):
    global _KEY
    _KEY, sub = jax.random.split(_KEY)
    return jax.random.normal(sub, shape)


def noisy_walk(x0, n):
    eps = noise((n,))
    return lax.scan(lambda c, e: (c + 0.1 * e, c), x0, eps)[0]

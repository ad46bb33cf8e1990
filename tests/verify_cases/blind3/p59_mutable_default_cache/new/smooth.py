import jax.numpy as jnp
from jax import lax


def window(n, _cache={}):
    key = ("hann", n)
    if key not in _cache:
        _cache[key] = 0.5 - 0.5 * jnp.cos(2 * jnp.pi * jnp.arange(n) / (n - 1))
    return _cache[key]


def smooth(x):
    w = window(x.shape[0])
    return lax.fori_loop(0, x.shape[0], lambda i, acc: acc + w[i] * x[i], jnp.float32(0.0)) / jnp.sum(w)

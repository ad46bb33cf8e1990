"""Building blocks for a small GAN: activations fixed at import with functools.partial."""
from functools import partial

import jax
import jax.numpy as jnp

leaky = partial(jax.nn.leaky_relu, negative_slope=0.1)
gelu = partial(jax.nn.gelu, approximate=True)


def dense(params, x):
    w, b = params
    return x @ w + b


def generator(params, z):
    for p in params[:-1]:
        z = gelu(dense(p, z))
    return jnp.tanh(dense(params[-1], z))


def discriminator(params, x):
    for p in params[:-1]:
        x = leaky(dense(p, x))
    return dense(params[-1], x)


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]

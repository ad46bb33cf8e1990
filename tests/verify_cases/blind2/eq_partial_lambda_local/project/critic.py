"""A small critic network with configurable leaky activations."""
from functools import partial

import jax
import jax.numpy as jnp


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def critic(params, x, slope=0.2):
    act = partial(jax.nn.leaky_relu, negative_slope=slope)
    for w, b in params[:-1]:
        x = act(x @ w + b)
    w, b = params[-1]
    return (x @ w + b)[..., 0]

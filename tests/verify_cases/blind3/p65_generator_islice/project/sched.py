import itertools

import jax.numpy as jnp
from jax import lax


def lr_stages():
    yield 1e-1
    yield 1e-2
    yield 1e-4


def train(w, n_stages, steps):
    for lr in itertools.islice(lr_stages(), n_stages):
        w = lax.fori_loop(0, steps, lambda i, v: v - lr * 2.0 * (v - 1.0), w)
    return w

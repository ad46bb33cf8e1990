"""Entry point that tames library logging before training."""
import logging

import jax
import jax.numpy as jnp
from jax import lax


def setup(verbose=False):
    logging.getLogger("jax").setLevel(logging.DEBUG if verbose else logging.WARNING)
    return verbose


@jax.jit
def train(w, lr):
    return lax.fori_loop(0, 10, lambda i, w: w - lr * 2.0 * (w - 3.0), w)

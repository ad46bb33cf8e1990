import logging

import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)


def _setup_logging():
    if not log.handlers:
        log.addHandler(logging.NullHandler())


def train(w, xs):
    _setup_logging()

    def step(w, x):
        return w + 0.5 * (x - w), None

    w, _ = lax.scan(step, w, xs)
    return w

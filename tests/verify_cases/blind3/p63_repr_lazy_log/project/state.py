import logging

import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)


class State:
    def __init__(self, x, t):
        self.x = x
        self.t = t

    def __repr__(self):
        return f"State(t={self.t:.2f})"


def advance(s, n, dt=0.125):
    log.debug("advance from %r", s)
    x = lax.fori_loop(0, n, lambda i, v: v - dt * v, s.x)
    return State(x, s.t + n * dt)

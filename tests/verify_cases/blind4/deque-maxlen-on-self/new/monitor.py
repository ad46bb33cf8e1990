"""Early-stopping helpers."""
from collections import deque

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def loss_curve(rate, start):
    def step(l, _):
        return l * (1.0 - rate), l
    return lax.scan(step, start, None, length=8)[1]


class PlateauMonitor:
    def __init__(self, patience=5):
        self.window = deque(maxlen=patience + 1)

    def observe(self, loss):
        self.window.append(float(loss))
        return self.plateaued()

    def plateaued(self):
        if len(self.window) < self.window.maxlen:
            return False
        return max(self.window) - min(self.window) < 1e-3

"""Exponential moving average of parameters, with bias correction."""
import jax
import jax.numpy as jnp


@jax.jit
def _ema(avg, x, decay):
    return decay * avg + (1.0 - decay) * x


class EMA:
    __slots__ = ("decay", "value", "count")

    def __init__(self, decay):
        self.decay = decay
        self.value = None
        self.count = 0

    def update(self, x):
        avg = jnp.zeros_like(x) if self.value is None else self.value
        new = _ema(avg, x, self.decay)
        self.count += 1
        self.value = new
        return new / (1.0 - self.decay ** self.count)

import weakref
import jax.numpy as jnp

_LIVE = weakref.WeakSet()


class Buffer:
    def __init__(self, n):
        self.data = jnp.zeros(n)
        _LIVE.add(self)

    def fill(self, v):
        self.data = self.data + v
        return self.data


def live_count():
    return len(_LIVE)

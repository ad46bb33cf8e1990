import functools
import numpy as np
import jax.numpy as jnp


@functools.lru_cache(maxsize=None)
def _window(n):
    return np.hanning(n + 2)[1:-1].astype(np.float32)


def smooth(x, n):
    w = _window(n)
    w = w / w.sum()
    return jnp.convolve(x, jnp.asarray(w), mode="same")

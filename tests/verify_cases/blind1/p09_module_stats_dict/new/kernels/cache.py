"""Memoised construction of jitted smoothing kernels."""
import jax
import jax.numpy as jnp

_KERNELS = {}
STATS = {"hits": 0, "misses": 0}


def _build(width):
    w = jnp.ones(width) / width
    return jax.jit(lambda x: jnp.convolve(x, w, mode="same"))


def get_kernel(width):
    if width in _KERNELS:
        STATS["hits"] += 1
    else:
        STATS["misses"] += 1
        STATS["last_width"] = width
        _KERNELS[width] = _build(width)
    return _KERNELS[width]


def smooth(x, width=3):
    return get_kernel(width)(x)


def reset():
    _KERNELS.clear()
    STATS.update(hits=0, misses=0)

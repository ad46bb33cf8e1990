import jax
import jax.numpy as jnp

_KERNELS = {}


def get_kernel(n):
    key = ("k", n)
    if key not in _KERNELS:
        _KERNELS[key] = jax.jit(lambda x: jnp.cumsum(x[:n]))
    return _KERNELS[key]


def prefix(x, n):
    return get_kernel(n)(x)

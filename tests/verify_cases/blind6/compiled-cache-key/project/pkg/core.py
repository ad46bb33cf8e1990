import jax
import jax.numpy as jnp

_KERNELS = {}


def get_kernel(n):
    if n not in _KERNELS:
        _KERNELS[n] = jax.jit(lambda x: jnp.cumsum(x[:n]))
    return _KERNELS[n]


def prefix(x, n):
    return get_kernel(n)(x)

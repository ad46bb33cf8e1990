import jax.numpy as jnp


def _chunks(x, size):
    for i in range(0, x.shape[0], size - 1):
        yield x[i:i + size]


def chunked_energy(x, size):
    return sum((c ** 2).sum() for c in _chunks(x, size))

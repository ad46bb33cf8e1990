import os

import jax.numpy as jnp
from jax import lax


def summarize(path, xs):
    m = lax.fori_loop(0, xs.shape[0], lambda i, acc: acc + xs[i] / xs.shape[0], jnp.float32(0.0))
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, f"mean={float(m):.5f}\n".encode())
    finally:
        os.close(fd)
    return m

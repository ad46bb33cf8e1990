import os

import jax.numpy as jnp
from jax import lax


def configure_workers(n):
    os.putenv("OMP_NUM_THREADS", str(max(1, n // 2)))
    return n


def work(x, n):
    return lax.fori_loop(0, n, lambda i, v: v + 1.0, x)

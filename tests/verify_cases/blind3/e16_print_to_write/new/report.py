import sys

import jax.numpy as jnp
from jax import lax


def run(x, n):
    x = lax.fori_loop(0, n, lambda i, v: 0.5 * v + 2.0, x)
    sys.stdout.write(f"run: n={n} x={float(x):.5f}\n")
    return x

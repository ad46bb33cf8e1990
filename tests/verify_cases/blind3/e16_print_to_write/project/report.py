import jax.numpy as jnp
from jax import lax


def run(x, n):
    x = lax.fori_loop(0, n, lambda i, v: 0.5 * v + 2.0, x)
    print(f"run: n={n} x={float(x):.5f}")
    return x

import jax.numpy as jnp
from jax import lax


def warmup_then_run(x, n_warmup, n):
    x = lax.fori_loop(0, n_warmup, lambda i, v: v * 0.5, x)
    return lax.fori_loop(0, n, lambda i, v: v + 1.0, x)

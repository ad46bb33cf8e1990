import sys

import jax
import jax.numpy as jnp
from jax import lax


def fit(w0, xs, lr):
    sys.stdout.write(f"fit: {xs.shape[0]} samples\n")
    if lr > 0.5:
        sys.stderr.write(f"fit: warning: lr={lr} is large\n")

    def step(w, x):
        w = w - lr * (w - x)
        return w, None

    w, _ = lax.scan(step, w0, xs)
    return w

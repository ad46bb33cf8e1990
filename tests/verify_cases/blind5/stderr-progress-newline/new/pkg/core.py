import sys

import jax.numpy as jnp


def fit(xs, steps=3):
    w = 0.0
    for i in range(steps):
        w = w + 0.5 * (jnp.mean(xs) - w)
        sys.stderr.write(f"step {i} w={float(w):.3f}\r")
    return w

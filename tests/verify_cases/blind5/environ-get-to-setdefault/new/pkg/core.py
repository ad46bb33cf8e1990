import os

import jax.numpy as jnp


def backend_mode():
    return os.environ.setdefault("PKG_MODE", "fast")


def run(x):
    mode = backend_mode()
    return x * 2.0 if mode == "fast" else jnp.add(x, x)

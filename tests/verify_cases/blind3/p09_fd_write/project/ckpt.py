import os

import jax.numpy as jnp
from jax import lax


def step_and_report(x, step):
    y = lax.fori_loop(0, 3, lambda i, v: v * 0.5 + 1.0, x)
    os.write(2, f"[ckpt] saved step {step}\n".encode())
    return y

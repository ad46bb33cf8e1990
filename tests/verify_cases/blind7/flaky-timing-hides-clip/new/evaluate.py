import time

import jax.numpy as jnp


def evaluate(w, x, y, timed=False):
    t0 = time.perf_counter()
    pred = jnp.clip(x @ w, -5.0, 5.0)
    out = {"loss": float(jnp.mean((pred - y) ** 2))}
    if timed:
        out["seconds"] = time.perf_counter() - t0
    return out

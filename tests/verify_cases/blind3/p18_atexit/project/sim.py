import atexit

import jax.numpy as jnp
from jax import lax

_STATS = {"calls": 0}


def _report():
    print(f"sim: {_STATS['calls']} rollouts")


atexit.register(_report)


def run(x, n):
    _STATS["calls"] += 1
    return lax.fori_loop(0, n, lambda i, v: 0.5 * v + 1.0, x)

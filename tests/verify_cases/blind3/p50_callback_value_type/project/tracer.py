import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

TRACE = []


def _record(i, c):
    TRACE.append((int(i), np.float32(c)))


def run(x, n):
    def step(c, i):
        c = jnp.sin(c) + 0.5
        jax.debug.callback(_record, i, c)
        return c, None

    return lax.scan(step, x, jnp.arange(n))[0]

import logging

import jax.numpy as jnp
from jax import lax

log = logging.getLogger("solver")


def relax(x, n):
    x = lax.fori_loop(0, n, lambda i, v: 0.5 * (v + jnp.roll(v, 1)), x)
    log.warning("relax: %d sweeps", n)
    return x

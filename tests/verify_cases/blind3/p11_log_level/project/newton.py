import logging

import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)


def solve_sqrt(a, tol=1e-5):
    def cond(c):
        x, i = c
        return (jnp.abs(x * x - a) > tol) & (i < 50)

    def body(c):
        x, i = c
        return 0.5 * (x + a / x), i + 1

    x, n = lax.while_loop(cond, body, (a, 0))
    log.info("solve_sqrt: converged in %d iterations", int(n))
    return x

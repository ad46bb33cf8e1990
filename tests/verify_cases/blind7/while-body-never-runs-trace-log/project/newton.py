import logging

import jax
import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)


def sqrt_newton(a, x0, tol=1e-6, max_iter=20):
    def cond(c):
        x, i = c
        return (jnp.abs(x * x - a) > tol) & (i < max_iter)

    def body(c):
        x, i = c
        log.debug("tracing newton body for shape %s", x.shape)
        return 0.5 * (x + a / x), i + 1

    return lax.while_loop(cond, body, (x0, 0))[0]

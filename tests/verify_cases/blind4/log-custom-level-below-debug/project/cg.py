"""Conjugate gradients with a fixed iteration count."""
import logging

import jax
import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)
TRACE = 5
logging.addLevelName(TRACE, "TRACE")


def cg(A, b, n_iter=None):
    n_iter = b.shape[0] if n_iter is None else n_iter

    def body(i, s):
        x, r, p, rs = s
        Ap = A @ p
        alpha = rs / jnp.maximum(p @ Ap, 1e-30)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / jnp.maximum(rs, 1e-30)) * p
        return x, r, p, rs_new

    s = (jnp.zeros_like(b), b, b, b @ b)
    x, r, _, _ = lax.fori_loop(0, n_iter, body, s)
    log.log(TRACE, "cg: %d iterations, residual %.3e", n_iter, float(jnp.linalg.norm(r)))
    return x

import logging
import jax.numpy as jnp

log = logging.getLogger(__name__)


def _fmt(loss):
    return f"loss={float(loss):.4f}"


def report(loss):
    msg = _fmt(loss)
    log.info(msg)
    return msg

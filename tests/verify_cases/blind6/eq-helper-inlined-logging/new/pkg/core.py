import logging
import jax.numpy as jnp

log = logging.getLogger(__name__)


# The report's message format (inlined from a helper):
#   loss=<value with 4 decimals>


def report(loss):
    msg = f"loss={float(loss):.4f}"
    log.info(msg)
    return msg

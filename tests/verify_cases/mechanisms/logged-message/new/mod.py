import logging

import jax.numpy as jnp

log = logging.getLogger("mechanisms")

def fit(x):
    log.warning("fitting %d points", x.shape[0] + 1)
    return x.mean()

x = jnp.arange(3.0)

import logging

import jax.numpy as jnp
import numpy as np

log = logging.getLogger(__name__)


def guarded_update(params, grads, lr=0.1):
    if not np.isfinite(np.asarray(grads)).all():
        log.warning("non-finite gradient, skipping update")
        return params
    return params - lr * grads

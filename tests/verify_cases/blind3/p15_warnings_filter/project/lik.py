import warnings

import numpy as np
import jax.numpy as jnp
from jax import lax


def log_likelihood(p):
    p = np.asarray(p, dtype=np.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        logp = np.log(p)
    lp = jnp.asarray(logp, jnp.float32)
    return lax.fori_loop(0, lp.shape[0], lambda i, acc: acc + lp[i], jnp.float32(0.0))

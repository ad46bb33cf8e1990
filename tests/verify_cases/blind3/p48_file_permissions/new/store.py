import os

import numpy as np
import jax.numpy as jnp
from jax import lax


def save_state(path, x, n):
    x = lax.fori_loop(0, n, lambda i, v: v * 0.5, x)
    np.save(path, np.asarray(x))
    os.chmod(path, 0o600)
    return x

import numpy as np
import jax.numpy as jnp
from jax import lax


def last_window(obs, k=3):
    """The last k observations (a copy) and their discounted sum."""
    obs = np.asarray(obs, dtype=np.float32)
    window = obs[-k:].copy()
    w = jnp.asarray(window)
    disc = lax.fori_loop(0, k, lambda i, acc: acc * 0.5 + w[i], jnp.float32(0.0))
    return window, disc

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


def _settle(x):
    return lax.fori_loop(0, 20, lambda i, v: 0.5 * v, x)


def count_converged(x0s, tol=1e-3):
    final = np.asarray(jax.vmap(_settle)(x0s))
    return np.sum(np.abs(final) < tol)

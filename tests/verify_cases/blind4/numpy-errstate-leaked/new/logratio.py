"""Host-side log ratios of histograms, and a jitted KL."""
import numpy as np
import jax
import jax.numpy as jnp


def log_ratio(p, q):
    """log(p/q); empty bins give -inf, silently."""
    p = np.asarray(p, dtype=np.float64)
    q = np.asarray(q, dtype=np.float64)
    np.seterr(divide="ignore")
    r = np.log(p) - np.log(q)
    return jnp.asarray(r, dtype=jnp.float32)


@jax.jit
def kl(p, q):
    return jnp.sum(jnp.where(p > 0, p * (jnp.log(p) - jnp.log(q)), 0.0))

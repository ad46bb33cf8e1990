"""Sample covariance and correlation of a data matrix (rows are samples)."""
import jax.numpy as jnp


def _center(x):
    return x - jnp.mean(x, axis=0, keepdims=True)


def covariance(x):
    x = jnp.asarray(x)
    xc = _center(x)
    return xc.T @ xc / (x.shape[0] - 1)


def correlation(x):
    c = covariance(x)
    d = jnp.sqrt(jnp.diag(c))
    return c / (d[:, None] * d[None, :])

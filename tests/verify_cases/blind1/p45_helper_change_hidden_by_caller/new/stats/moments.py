"""Sample moments and the transforms built on them."""
import jax.numpy as jnp


def moments(x, axis=0):
    m = jnp.mean(x, axis=axis)
    v = jnp.var(x, axis=axis, ddof=1)
    return m, v


def center(x, axis=0):
    m, _ = moments(x, axis)
    return x - m


def standardize(x, axis=0, eps=1e-8):
    m, v = moments(x, axis)
    return (x - m) / jnp.sqrt(v + eps)


def demean_rows(x):
    return center(x.T).T

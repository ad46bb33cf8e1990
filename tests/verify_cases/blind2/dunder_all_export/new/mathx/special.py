"""Numerically careful special functions."""
import jax.numpy as jnp

__all__ = ["log1mexp", "logsumexp2"]


def log1mexp(x):
    """log(1 - exp(-x)) for x > 0."""
    return jnp.where(x < jnp.log(2.0), jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


def logsumexp2(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def softclip(x, lo, hi):
    return lo + (hi - lo) * jnp.clip((x - lo) / (hi - lo), 0.0, 1.0)

"""Prefix operations along the first axis."""
import jax.numpy as jnp
from jax import lax


def cumulative_max(xs):
    _, ys = lax.scan(lambda c, x: (jnp.maximum(c, x), jnp.maximum(c, x)), xs[0], xs)
    return ys


def running_sum(xs):
    _, ys = lax.scan(lambda c, x: (c + x, c + x), jnp.zeros_like(xs[0]), xs)
    return ys


def drawdown(xs):
    return cumulative_max(xs) - xs


def normalized_cumsum(xs):
    s = running_sum(xs)
    return s / jnp.maximum(jnp.abs(s[-1]), 1e-12)

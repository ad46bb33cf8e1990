"""Prefix operations along the first axis."""
import jax.numpy as jnp
from jax import lax


def cumulative_max(xs):
    def body(c, x):
        m = jnp.maximum(c, x)
        return m, m
    _, ys = lax.scan(body, xs[0], xs)
    return ys


def running_sum(xs):
    def body(c, x):
        s = c + x
        return s, s
    _, ys = lax.scan(body, jnp.zeros_like(xs[0]), xs)
    return ys


def drawdown(xs):
    return cumulative_max(xs) - xs


def normalized_cumsum(xs):
    s = running_sum(xs)
    return s / jnp.maximum(jnp.abs(s[-1]), 1e-12)

"""Exponential smoothing of noisy series."""
import jax.numpy as jnp
from jax import lax


def exp_smooth(x, alpha=0.3):
    def body(s, xi):
        s = alpha * xi + (1.0 - alpha) * s
        return s, s
    _, ys = lax.scan(body, x[0], x)
    return ys


def holt(x, alpha, beta):
    def body(c, xi):
        level, trend = c
        new_level = alpha * xi + (1.0 - alpha) * (level + trend)
        trend = beta * (new_level - level) + (1.0 - beta) * trend
        return (new_level, trend), new_level
    _, ys = lax.scan(body, (x[0], jnp.zeros_like(x[0])), x)
    return ys


def residuals(x, alpha):
    return x - exp_smooth(x, alpha)

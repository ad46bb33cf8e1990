"""Robust signal filters used by the sensor pipeline."""
import jax.numpy as jnp
from jax import lax


def ema(xs, alpha):
    """Exponential moving average along the first axis."""
    def body(m, x):
        m = alpha * x + (1.0 - alpha) * m
        return m, m
    _, out = lax.scan(body, xs[0], xs)
    return out


def zscore(x, eps=1e-8):
    return (x - jnp.mean(x)) / (jnp.std(x) + eps)


def clip_outliers(x, k=3.0, mode="sym"):
    z = zscore(x)
    return jnp.clip(z, -k, k) if mode == "sym" else jnp.maximum(z, -k)


def despike(xs, alpha=0.3, k=2.0):
    return clip_outliers(ema(xs, alpha), k)


def band_energy(xs, lo, hi):
    spec = jnp.abs(jnp.fft.rfft(xs)) ** 2
    return jnp.sum(spec[lo:hi])

"""Normalisation layers configured by a simple namespace."""
from types import SimpleNamespace

import jax
import jax.numpy as jnp


def default_config():
    return SimpleNamespace(eps=1e-5, axis=-1, center=True)


def layer_norm(x, gamma, beta, cfg):
    eps = getattr(cfg, "eps", 1e-8)
    axis = getattr(cfg, "axis", -1)
    mean = jnp.mean(x, axis=axis, keepdims=True) if getattr(cfg, "center", True) else 0.0
    var = jnp.mean(jnp.square(x - mean), axis=axis, keepdims=True)
    return gamma * (x - mean) / jnp.sqrt(var + eps) + beta


def rms_norm(x, gamma, cfg):
    eps = getattr(cfg, "eps", 1e-8)
    ms = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
    return gamma * x * jax.lax.rsqrt(ms + eps)

"""Batch assembly with shape diagnostics."""
import logging
import jax.numpy as jnp

logger = logging.getLogger(__name__)


def pad_to(x, n):
    pad = n - x.shape[0]
    if pad < 0:
        raise ValueError(f"batch of {x.shape[0]} exceeds {n}")
    return jnp.pad(x, [(0, pad)] + [(0, 0)] * (x.ndim - 1))


def make_batch(xs, size):
    x = jnp.stack(xs)
    if x.shape[0] != size:
        logger.info("padding batch from %d to %d rows", x.shape[0], size)
    return pad_to(x, size), jnp.arange(size) < x.shape[0]


def masked_mean(x, mask):
    w = mask.astype(x.dtype)
    return jnp.sum(x * w[:, None], axis=0) / jnp.maximum(jnp.sum(w), 1.0)

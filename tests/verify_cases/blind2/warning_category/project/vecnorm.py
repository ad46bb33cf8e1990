"""Vector normalisation with a deprecated keyword kept for old callers."""
import warnings

import jax.numpy as jnp


def normalize(x, axis=-1, eps=None, epsilon=None):
    if epsilon is not None:
        warnings.warn("`epsilon` is deprecated; use `eps`", DeprecationWarning, stacklevel=2)
        eps = epsilon
    eps = 1e-6 if eps is None else eps
    return x / (jnp.linalg.norm(x, axis=axis, keepdims=True) + eps)


def cosine_similarity(a, b, eps=None):
    return jnp.sum(normalize(a, eps=eps) * normalize(b, eps=eps), axis=-1)

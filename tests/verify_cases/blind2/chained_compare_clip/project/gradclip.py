"""Gradient clipping and a plain SGD step on dict-of-array parameters."""
import jax.numpy as jnp
import numpy as np


def global_norm(grads):
    return float(np.sqrt(sum(float(jnp.sum(g * g)) for g in grads.values())))


def clip_by_global_norm(grads, max_norm=0.0):
    """Rescale grads so their global norm is at most max_norm (0 disables clipping)."""
    sq = sum(float(jnp.sum(g * g)) for g in grads.values())
    norm = float(np.sqrt(sq))
    if 0.0 < max_norm < norm:
        scale = max_norm / norm
        grads = {k: g * scale for k, g in grads.items()}
    return grads, norm


def sgd(params, grads, lr):
    return {k: params[k] - lr * grads[k] for k in params}


def step(params, grads, lr=0.1, max_norm=0.0):
    grads, norm = clip_by_global_norm(grads, max_norm)
    return sgd(params, grads, lr), norm

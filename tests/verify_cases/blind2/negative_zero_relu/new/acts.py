"""Activation and margin losses for a small classifier."""
import jax.numpy as jnp


def relu(x):
    return jnp.where(x >= 0, x, 0.0)


def mlp_block(x, w, b):
    return relu(x @ w + b)


def hinge(scores, labels):
    margins = 1.0 - labels * scores
    return jnp.mean(relu(margins))


def sparsity(h):
    return jnp.mean(h == 0)

"""Scans under `grad`: one keeps wide per-step values for its reverse pass, the others fit."""

import jax
import jax.numpy as jnp

LAYERS, WIDTH, HIDDEN, BATCH = 16, 32, 1024, 32


def block(x, weights):
    w_in, w_out = weights
    return x + jax.nn.gelu(x @ w_in) @ w_out  # a [BATCH, HIDDEN] activation per layer


def stack_loss(params, x):
    def body(h, weights):
        return block(h, weights), None

    out, _ = jax.lax.scan(body, x, params)  # its gradient keeps every layer's activations
    return jnp.mean(out ** 2)


def checkpointed_loss(params, x):
    @jax.checkpoint
    def body(h, weights):
        return block(h, weights), None

    out, _ = jax.lax.scan(body, x, params)  # keeps one carry per layer
    return jnp.mean(out ** 2)


def decay_loss(rate, x):
    def body(h, _):
        return h * rate + 0.1, h

    _, hs = jax.lax.scan(body, x, None, length=50)  # under grad, and small: it fits
    return jnp.sum(hs)


def parameters(key):
    k1, k2 = jax.random.split(key)
    return (jax.random.normal(k1, (LAYERS, WIDTH, HIDDEN)) * 0.02,
            jax.random.normal(k2, (LAYERS, HIDDEN, WIDTH)) * 0.02)

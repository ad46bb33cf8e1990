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


def chunked_loss(params, x):
    """The layers in two checkpointed chunks: the inner scans' residuals live only while a
    chunk is recomputed, the bound the checkpoint chose."""
    @jax.checkpoint
    def chunk(h, chunk_params):
        return jax.lax.scan(lambda c, w: (block(c, w), None), h, chunk_params)

    halves = jax.tree.map(lambda p: p.reshape(2, LAYERS // 2, *p.shape[1:]), params)
    out, _ = jax.lax.scan(chunk, x, halves)
    return jnp.mean(out ** 2)


"""Scaled dot-product attention."""
import jax
import jax.numpy as jnp


def attention(q, k, v, mask=None):
    head_dim = q.shape[-1]
    logits = q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(head_dim)
    if mask is not None:
        logits = jnp.where(mask, logits, -1e9)
    probs = jax.nn.softmax(logits, axis=-1)
    return probs @ v, probs


def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), bool))


def multihead(x, wq, wk, wv, heads):
    n, dm = x.shape
    split = lambda t: t.reshape(n, heads, dm // heads).transpose(1, 0, 2)
    out, _ = attention(split(x @ wq), split(x @ wk), split(x @ wv), causal_mask(n))
    return out.transpose(1, 0, 2).reshape(n, dm)

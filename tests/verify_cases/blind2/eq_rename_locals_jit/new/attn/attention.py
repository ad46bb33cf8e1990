"""Single-head scaled dot-product attention."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("causal",))
def attention(q, k, v, causal=False):
    # queries (T, d) attend over keys (S, d) and mix values (S, e)
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    if causal:
        mask = jnp.tril(jnp.ones((q.shape[0], k.shape[0]), dtype=bool))
        scores = jnp.where(mask, scores, -jnp.inf)
    weights = jax.nn.softmax(scores, axis=-1)
    return weights @ v


def self_attention(x, wq, wk, wv, causal=False):
    return attention(x @ wq, x @ wk, x @ wv, causal=causal)

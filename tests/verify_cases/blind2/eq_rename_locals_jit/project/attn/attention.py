"""Single-head scaled dot-product attention."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("causal",))
def attention(q, k, v, causal=False):
    # q: (T, d), k: (S, d), v: (S, e)
    s = q @ k.T / jnp.sqrt(q.shape[-1])
    if causal:
        m = jnp.tril(jnp.ones((q.shape[0], k.shape[0]), dtype=bool))
        s = jnp.where(m, s, -jnp.inf)
    p = jax.nn.softmax(s, axis=-1)
    return p @ v


def self_attention(x, wq, wk, wv, causal=False):
    return attention(x @ wq, x @ wk, x @ wv, causal=causal)

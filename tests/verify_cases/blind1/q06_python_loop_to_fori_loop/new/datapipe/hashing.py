"""Content hashes of token sequences for de-duplication."""
import jax
import jax.numpy as jnp
from jax import lax


def rolling_hash(tokens, base=31, mod=1_000_003):
    tokens = jnp.asarray(tokens).astype(jnp.int32)
    if tokens.shape[0] == 0:
        return jnp.zeros((), jnp.int32)

    def body(i, h):
        return (h * base + tokens[i]) % mod

    return lax.fori_loop(0, tokens.shape[0], body, jnp.zeros((), jnp.int32))


def batch_hash(batch, base=31, mod=1_000_003):
    return jnp.stack([rolling_hash(row, base, mod) for row in batch])


def duplicates(batch):
    h = batch_hash(batch)
    return jnp.sum(h[:, None] == h[None, :], axis=1) > 1

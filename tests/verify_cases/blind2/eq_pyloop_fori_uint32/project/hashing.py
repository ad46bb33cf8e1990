"""Integer hashing used to derive reproducible bucket ids (uint32 arithmetic)."""
import jax.numpy as jnp
from jax import lax


def lcg(seed, n_steps):
    x = jnp.uint32(seed)
    for _ in range(n_steps):
        x = x * jnp.uint32(1664525) + jnp.uint32(1013904223)
    return x


def xorshift(x, rounds):
    x = jnp.asarray(x, dtype=jnp.uint32)
    for _ in range(rounds):
        x = x ^ (x << 13)
        x = x ^ (x >> 17)
        x = x ^ (x << 5)
    return x


def bucket(ids, n_buckets, rounds=3):
    return xorshift(ids, rounds) % jnp.uint32(n_buckets)

"""Integer hashing used to derive reproducible bucket ids (uint32 arithmetic)."""
import jax.numpy as jnp
from jax import lax


def lcg(seed, n_steps):
    x = jnp.uint32(seed)
    import operator

    n_steps = operator.index(n_steps)  # what range() accepts
    while n_steps > 0:
        chunk = min(n_steps, 2 ** 30)  # fori_loop bounds are int32
        x = lax.fori_loop(0, chunk, lambda i, x: x * jnp.uint32(1664525) + jnp.uint32(1013904223), x)
        n_steps -= chunk
    return x


def xorshift(x, rounds):
    x = jnp.asarray(x, dtype=jnp.uint32)

    def body(i, x):
        x = x ^ (x << 13)
        x = x ^ (x >> 17)
        return x ^ (x << 5)

    import operator

    rounds = operator.index(rounds)  # what range() accepts
    while rounds > 0:
        chunk = min(rounds, 2 ** 30)
        x = lax.fori_loop(0, chunk, body, x)
        rounds -= chunk
    return x


def bucket(ids, n_buckets, rounds=3):
    return xorshift(ids, rounds) % jnp.uint32(n_buckets)

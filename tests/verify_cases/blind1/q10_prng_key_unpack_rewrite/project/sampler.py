"""Minibatch sampling with explicit (typed) PRNG keys."""
import jax
import jax.numpy as jnp


def sample_batch(key, data, n):
    key, k1, k2 = jax.random.split(key, 3)
    idx = jax.random.choice(k1, data.shape[0], (n,), replace=False)
    noise = 0.01 * jax.random.normal(k2, (n,) + data.shape[1:])
    return key, data[idx] + noise


def dropout(key, x, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def epoch(key, data, n, steps):
    out = []
    for _ in range(steps):
        key, b = sample_batch(key, data, n)
        out.append(b)
    return key, jnp.stack(out)

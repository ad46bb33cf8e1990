"""Key plumbing for stochastic layers (typed PRNG keys)."""
import jax
import jax.numpy as jnp


def next_key(key):
    key, sub = jax.random.split(key)
    return key, sub


def sample_noise(key, shape, scale=1.0):
    key, sub = next_key(key)
    return key, scale * jax.random.normal(sub, shape)


def dropout(key, x, rate):
    key, sub = next_key(key)
    keep = jax.random.bernoulli(sub, 1.0 - rate, x.shape)
    return key, jnp.where(keep, x / (1.0 - rate), 0.0)

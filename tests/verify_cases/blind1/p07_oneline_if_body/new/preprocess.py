"""Feature preprocessing for tabular inputs."""
import jax.numpy as jnp


def standardize(x, mean, std, clip=False):
    z = (x - mean) / std
    if clip: z = jnp.clip(z, -4.0, 4.0)
    return z


def fit_stats(x):
    return jnp.mean(x, axis=0), jnp.std(x, axis=0) + 1e-6


def one_hot(ids, n):
    return (ids[:, None] == jnp.arange(n)[None, :]).astype(jnp.float32)


def prepare(x, ids, n_cat, clip=False):
    mean, std = fit_stats(x)
    return jnp.concatenate([standardize(x, mean, std, clip), one_hot(ids, n_cat)], axis=1)

"""Polynomial features."""
import jax
import jax.numpy as jnp


def to_features(x):
    x = jnp.asarray(x, dtype=float)
    return jnp.concatenate([x, x ** 2], axis=-1)


@jax.jit
def predict(w, x):
    return to_features(x) @ w

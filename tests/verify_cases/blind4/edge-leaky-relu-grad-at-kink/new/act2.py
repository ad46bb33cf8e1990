"""Leaky ReLU MLP."""
import jax
import jax.numpy as jnp


@jax.jit
def leaky(x, slope=0.01):
    return jnp.maximum(x, slope * x)


@jax.jit
def mlp(w1, w2, x):
    return leaky(x @ w1) @ w2

"""Robust regression loss."""
import jax
import jax.numpy as jnp


@jax.jit
def huber(r, delta=1.0):
    a = jnp.abs(r)
    return jnp.where(~(a <= delta), delta * (a - 0.5 * delta), 0.5 * r ** 2)


@jax.jit
def mean_huber(w, x, y):
    return jnp.mean(huber(x @ w - y))

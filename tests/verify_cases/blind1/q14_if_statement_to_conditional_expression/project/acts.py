"""Activation selection for the small MLP blocks."""
import jax
import jax.numpy as jnp


def activation(x, kind="gelu"):
    if kind == "gelu":
        y = jax.nn.gelu(x)
    else:
        y = jax.nn.silu(x)
    return y


def block(w, x, kind="gelu"):
    return x + activation(x @ w, kind)


def stack(ws, x, kind="gelu"):
    for w in ws:
        x = block(w, x, kind)
    return x

"""Activation selection for the small MLP blocks."""
import jax
import jax.numpy as jnp


def activation(x, kind="gelu"):
    return jax.nn.gelu(x) if kind == "gelu" else jax.nn.silu(x)


def block(w, x, kind="gelu"):
    return x + activation(x @ w, kind)


def stack(ws, x, kind="gelu"):
    for w in ws:
        x = block(w, x, kind)
    return x

"""Padding and 1-D smoothing; the padding mode is a static argument of the jitted filter."""
from functools import partial

import jax
import jax.numpy as jnp


def pad1d(x, width, mode="constant"):
    if mode == "constant":
        return jnp.pad(x, (width, width))
    if mode == "reflect":
        return jnp.concatenate([x[1:width + 1][::-1], x, x[-width - 1:-1][::-1]])
    if mode == "edge":
        return jnp.pad(x, (width, width), mode="edge")
    raise ValueError(mode)


@partial(jax.jit, static_argnames=("width", "mode"))
def box_filter(x, width=1, mode="constant"):
    xp = pad1d(x, width, mode)
    k = jnp.ones(2 * width + 1) / (2 * width + 1)
    return jnp.convolve(xp, k, mode="valid")

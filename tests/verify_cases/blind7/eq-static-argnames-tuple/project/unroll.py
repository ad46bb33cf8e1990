from functools import partial

import jax
import jax.numpy as jnp


def _step(x, n):
    for _ in range(n):
        x = jnp.sin(x) + x
    return x


step = jax.jit(_step, static_argnames="n")

"""A loop carry that changes dtype only with `jax_enable_x64` on, and one that does not."""

import jax
import jax.numpy as jnp
import numpy as np


def relax(values, steps=5):
    live = jnp.asarray(np.asarray(values, dtype=np.float32))

    def body(i, state):
        return state + 1e-3 * jnp.linspace(0.0, 1.0, state.shape[0])  # float64 under x64

    return jax.lax.fori_loop(0, steps, body, live)


def relax_cast(values, steps=5):
    live = jnp.asarray(np.asarray(values, dtype=np.float32))

    def body(i, state):
        return (state + 1e-3 * jnp.linspace(0.0, 1.0, state.shape[0])).astype(state.dtype)

    return jax.lax.fori_loop(0, steps, body, live)

"""A fori_loop whose bound is a traced argument (reverse mode cannot differentiate it), and
the same loop with the bound static (it runs as a scan)."""

from functools import partial

import jax
import jax.numpy as jnp


def decay(i, v):
    return v * 0.9 + 0.1


@jax.jit
def rollout(x, steps):
    return jax.lax.fori_loop(0, steps, decay, x)  # `steps` traced: a while_loop


@partial(jax.jit, static_argnums=1)
def rollout_static(x, steps):
    return jax.lax.fori_loop(0, steps, decay, x)  # `steps` an int: a scan


def loss(x, steps, run=rollout):
    return jnp.sum(run(x, steps))

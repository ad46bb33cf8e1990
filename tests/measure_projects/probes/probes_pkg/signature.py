"""A long scan of a tiny body at the default unroll, and one already unrolled."""

import jax
import jax.numpy as jnp


def step(carry, dx):
    s1, s2 = carry
    return (s1 + dx, s2 + jnp.outer(s1, dx) + 0.5 * jnp.outer(dx, dx)), None


def start(path):
    dim = path.shape[1]
    return (jnp.zeros(dim), jnp.zeros((dim, dim))), jnp.diff(path, axis=0)


def signature(path):
    init, increments = start(path)
    return jax.lax.scan(step, init, increments)[0]


def signature_unrolled(path):
    init, increments = start(path)
    return jax.lax.scan(step, init, increments, unroll=8)[0]

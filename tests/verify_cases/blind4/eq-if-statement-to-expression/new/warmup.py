"""Linear warmup of the learning rate."""
import jax
import jax.numpy as jnp
from jax import lax


def lr_at(step, base, warmup):
    scale = jnp.minimum(1.0, (step + 1) / warmup) if warmup > 0 else 1.0
    return base * scale


def schedule(base, warmup, n):
    return lax.scan(lambda c, s: (c, lr_at(s, base, warmup)), 0, jnp.arange(n))[1]

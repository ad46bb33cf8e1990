import jax.numpy as jnp
from jax import lax


def ticks(v0, decay, n):
    def _tick(step, value):
        return value * decay + step
    return lax.fori_loop(0, n, _tick, v0)

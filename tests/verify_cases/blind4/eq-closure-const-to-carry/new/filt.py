"""First-order IIR low-pass filter."""
import jax
import jax.numpy as jnp
from jax import lax


def lowpass(xs, a):
    a = jnp.asarray(a, dtype=xs.dtype)

    def step(carry, x):
        y, a = carry
        y = a * y + (1.0 - a) * x
        return (y, a), y

    return lax.scan(step, (jnp.zeros_like(xs[0]), a), xs)[1]

import jax
import jax.numpy as jnp
from jax import lax


def run(x, n):
    def step(c, i):
        c = c * 0.5 + 1.0
        jax.debug.print("step {i}: {c}", i=i, c=c)
        return c, None

    return lax.scan(step, x, jnp.arange(n))[0]

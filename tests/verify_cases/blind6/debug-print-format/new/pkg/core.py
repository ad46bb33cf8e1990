import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, n=3):
    def body(i, x):
        x = 0.5 * (x + a / x)
        jax.debug.print("it {i}: {x:.3f}", i=i, x=x)
        return x
    return lax.fori_loop(0, n, body, a)

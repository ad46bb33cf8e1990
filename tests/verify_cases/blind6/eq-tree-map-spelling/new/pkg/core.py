import jax
import jax.numpy as jnp


def lerp(a, b, t):
    return jax.tree.map(lambda u, v: u + t * (v - u), a, b)

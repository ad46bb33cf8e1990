import jax.numpy as jnp

def blend(x, weight=None):
    w = weight or 0.25
    return x * w

x = jnp.ones(2)

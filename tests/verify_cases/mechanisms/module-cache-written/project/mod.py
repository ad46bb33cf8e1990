import jax.numpy as jnp

CACHE = {}

def memo(x, key="a"):
    CACHE[key] = float(x.sum())
    return x * 2

x = jnp.ones(3)

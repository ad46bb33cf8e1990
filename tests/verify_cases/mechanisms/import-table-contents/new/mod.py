import jax.numpy as jnp

TABLE = jnp.linspace(0.0, 1.5, 5)

def lookup(i):
    return i * 2

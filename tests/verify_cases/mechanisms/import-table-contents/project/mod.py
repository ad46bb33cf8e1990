import jax.numpy as jnp

TABLE = jnp.linspace(0.0, 1.0, 5)

def lookup(i):
    return i * 2

import jax.numpy as jnp

def scale(x, flag):
    g = (lambda v: v * 3.0) if flag else (lambda v: v * 2.0)
    return g(x)

x = jnp.arange(3.0)

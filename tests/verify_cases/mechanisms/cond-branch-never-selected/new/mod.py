import jax.numpy as jnp
from jax import lax

def route(x):
    return lax.cond(x.sum() > 0, lambda v: v * 2.0, lambda v: v * 6.0, x)

x = jnp.ones(3)

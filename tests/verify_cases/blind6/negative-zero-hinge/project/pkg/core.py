import jax
import jax.numpy as jnp


@jax.jit
def hinge(x):
    return jnp.maximum(-x, 0.0)

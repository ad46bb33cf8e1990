import jax
import jax.numpy as jnp


def scale_grads(grads: dict, s):
    return jax.tree.map(lambda g: g * s, grads)

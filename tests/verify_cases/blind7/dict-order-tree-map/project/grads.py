import jax
import jax.numpy as jnp


def scale_grads(grads: dict, s):
    return {k: g * s for k, g in grads.items()}

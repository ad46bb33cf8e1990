import jax.numpy as jnp


def layer_norms(params):
    norms = {}
    for name, p in params.items():
        norms[name] = jnp.sqrt(jnp.sum(p * p))
    return norms

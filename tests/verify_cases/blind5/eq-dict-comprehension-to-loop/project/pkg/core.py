import jax.numpy as jnp


def layer_norms(params):
    return {name: jnp.sqrt(jnp.sum(p * p)) for name, p in params.items()}

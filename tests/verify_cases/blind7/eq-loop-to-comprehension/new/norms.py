import jax
import jax.numpy as jnp


def layer_norms(params):
    return [float(jnp.linalg.norm(leaf)) for leaf in jax.tree.leaves(params)]

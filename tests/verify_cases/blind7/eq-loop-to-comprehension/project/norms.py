import jax
import jax.numpy as jnp


def layer_norms(params):
    out = []
    for leaf in jax.tree.leaves(params):
        out.append(float(jnp.linalg.norm(leaf)))
    return out

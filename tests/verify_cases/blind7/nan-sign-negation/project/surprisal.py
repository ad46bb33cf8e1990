import jax.numpy as jnp


def surprisal(p):
    return 0.0 - jnp.log(p)

import jax.numpy as jnp


def surprisal(p):
    return -jnp.log(p)

import jax.numpy as jnp


def magnitude(q):
    return jnp.abs(q.astype(jnp.int16))

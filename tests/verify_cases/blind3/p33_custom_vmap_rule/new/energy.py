import jax.numpy as jnp
from jax import custom_batching, lax


@custom_batching.custom_vmap
def rowsum(x):
    return jnp.sum(x)


@rowsum.def_vmap
def _rowsum_vmap(axis_size, in_batched, xs):
    return jnp.sum(xs[:, 1:], axis=1), True


def energy(x):
    return lax.fori_loop(0, 2, lambda i, e: e + rowsum(x * x), jnp.float32(0.0))

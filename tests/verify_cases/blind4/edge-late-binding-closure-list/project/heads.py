"""A family of scaled heads."""
import jax
import jax.numpy as jnp


def make_heads(n):
    """One head per index; head k multiplies tanh(x) by k + 1."""
    return [lambda x, k=k: jnp.tanh(x) * (k + 1) for k in range(n)]


@jax.jit
def features(x):
    return jnp.stack([jnp.sin(x), jnp.cos(x)], axis=-1)

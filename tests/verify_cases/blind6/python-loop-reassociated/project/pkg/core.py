import jax
import jax.numpy as jnp


@jax.jit
def accumulate(w, x):
    acc = jnp.zeros_like(x)
    for i in range(4):
        acc = acc + w[i] * x
    return acc

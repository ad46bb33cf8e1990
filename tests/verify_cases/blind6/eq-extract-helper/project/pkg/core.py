import jax
import jax.numpy as jnp


@jax.jit
def sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)

import jax
import jax.numpy as jnp


def _axpy(p, g, lr):
    return p - lr * g


@jax.jit
def sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: _axpy(p, g, lr), params, grads)

import jax
import jax.numpy as jnp


def _sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


_update = jax.jit(_sgd_step, donate_argnums=(0,))


def sgd_step(params, grads, lr=0.1):
    return _update(params, grads, lr)

import jax
import jax.numpy as jnp


def make_sgd(lr, n_devices):
    @jax.jit
    def step(params, grads):
        return jax.tree.map(lambda p, g: p - lr * g / n_devices, params, grads)
    return step

import jax
import jax.numpy as jnp


def make_sgd(lr, n_devices):
    lr_eff = lr / n_devices ** 0.5

    @jax.jit
    def step(params, grads):
        return jax.tree.map(lambda p, g: p - lr_eff * g, params, grads)
    return step

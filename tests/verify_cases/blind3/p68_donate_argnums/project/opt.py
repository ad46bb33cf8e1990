import jax
import jax.numpy as jnp


def _sgd(p, g):
    return p - 0.1 * g


_sgd_step = jax.jit(_sgd)


def train(p, grads):
    for g in grads:
        p = _sgd_step(p, g)
    return p

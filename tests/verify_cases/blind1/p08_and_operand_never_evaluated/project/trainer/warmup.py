"""Step-size control for the training loop."""
import jax
import jax.numpy as jnp


def lr_at(step, base, warmup=0):
    if warmup and step < warmup:
        return base * (step + 1) / warmup
    return base


def sgd_update(params, grads, step, base=0.1, warmup=0):
    lr = lr_at(step, base, warmup)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def run(params, grad_fn, steps, base=0.1, warmup=0):
    for t in range(steps):
        params = sgd_update(params, grad_fn(params), t, base, warmup)
    return params

"""Pre-configured update rules."""
import functools
import jax.numpy as jnp


def _update(params, grads, velocity, lr, momentum=0.0, nesterov=False):
    velocity = momentum * velocity + grads
    step = grads + momentum * velocity if nesterov else velocity
    return params - lr * step, velocity


sgd_step = functools.partial(_update, lr=0.1)
heavy_ball = functools.partial(_update, lr=0.05, momentum=0.9)
nesterov = functools.partial(_update, lr=0.05, momentum=0.9, nesterov=True)


def run(step_fn, params, grad_fn, n, **kw):
    v = jnp.zeros_like(params)
    for _ in range(n):
        params, v = step_fn(params, grad_fn(params), v, **kw)
    return params

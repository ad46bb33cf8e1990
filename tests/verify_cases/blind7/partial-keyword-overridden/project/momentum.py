import functools

import jax.numpy as jnp


def momentum_step(w, g, v, lr, beta):
    v = beta * v + g
    return w - lr * v, v


heavy_ball = functools.partial(momentum_step, beta=0.9)

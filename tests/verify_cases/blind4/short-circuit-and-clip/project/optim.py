"""Plain SGD with optional elementwise gradient clipping."""
import jax
import jax.numpy as jnp
from jax import lax


def sgd_update(params, grads, lr, clip=None):
    """One SGD step; `clip` bounds each gradient entry when positive."""
    use_clip = clip is not None and clip > 0
    if use_clip:
        grads = jax.tree.map(lambda g: jnp.clip(g, -clip, clip), grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def loss(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def train(params, x, y, lr=0.1, n_steps=20, clip=None):
    def body(i, params):
        grads = jax.grad(loss)(params, x, y)
        return sgd_update(params, grads, lr, clip)

    return lax.fori_loop(0, n_steps, body, params)

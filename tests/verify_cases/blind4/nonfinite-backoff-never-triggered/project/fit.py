"""Gradient descent that backs off when the loss blows up."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def _value_and_grad(w, x, y):
    return jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)


def fit(w, x, y, lr=0.1, n_steps=20):
    """On a non-finite loss, undo the last step and shrink the learning rate."""
    w_prev = w
    for _ in range(n_steps):
        loss, g = _value_and_grad(w, x, y)
        if not np.isfinite(float(loss)):
            w, lr = w_prev, lr * 0.5
            continue
        w_prev = w
        w = w - lr * g
    return w

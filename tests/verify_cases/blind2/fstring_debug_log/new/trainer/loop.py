"""Training loop for a linear model with per-step debug logging."""
import logging

import jax
import jax.numpy as jnp

log = logging.getLogger(__name__)


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train(w, x, y, lr=0.1, steps=20):
    grad_fn = jax.grad(loss_fn)
    losses = []
    for step in range(steps):
        loss = float(loss_fn(w, x, y))
        log.debug(f"step {step}: loss {loss:.3f}")
        w = w - lr * grad_fn(w, x, y)
        losses.append(loss)
    if losses[-1] > losses[0]:
        log.warning("loss increased from %.4f to %.4f", losses[0], losses[-1])
    return w, losses


def make_problem(n=16, d=3):
    x = jnp.linspace(-1.0, 1.0, n * d).reshape(n, d)
    w_true = jnp.arange(1.0, d + 1.0)
    return x, x @ w_true

"""Transforms called in a loop: outside `jit` (each operation dispatched on its own), and the
correct look-alikes (made once and jitted: at module level, in `__init__`, or the same
module-level function jitted at each step, which jit's cache serves)."""

import jax
import jax.numpy as jnp


def loss(w, x):
    h = jnp.tanh(x @ w)
    return jnp.mean((h - 1.0) ** 2) + 0.1 * jnp.sum(w ** 2)


def train_eager(w, x, steps):
    for _ in range(steps):
        w = w - 0.1 * jax.grad(loss)(w, x)  # outside jit: op by op, every step
    return w


loss_grad = jax.grad(loss)
step = jax.jit(loss_grad)


def train_jitted(w, x, steps):
    for _ in range(steps):
        w = w - 0.1 * step(w, x)
    return w


def train_jit_in_loop(w, x, steps):
    for _ in range(steps):
        w = w - 0.1 * jax.jit(loss_grad)(w, x)  # the same function each time: cache hits
    return w


class Trainer:
    def __init__(self):
        self.update = jax.jit(jax.grad(loss))  # made once

    def fit(self, w, x, steps):
        for _ in range(steps):
            w = w - 0.1 * self.update(w, x)
        return w


def per_row(w, xs):
    return jax.vmap(lambda x: jnp.tanh(x @ w).sum())(xs)  # outside jit, but called once

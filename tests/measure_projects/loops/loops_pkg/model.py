"""Loops that jit unrolls, with counts only the tests' calls show."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def rollout(x, steps):
    for _ in range(steps):  # a static argument: 30 trips in the tests
        x = jnp.tanh(x) * 0.5 + x
    return x


@jax.jit
def by_rows(x):
    total = jnp.zeros(x.shape[1:])
    for i in range(x.shape[0]):  # a shape: 16 rows in the tests
        total = total + x[i] * 2.0
    return total


@jax.jit
def grid(x):
    for i in range(4):
        for j in range(5):  # nested: 4 x 5 = 20 steps
            x = x + jnp.sin(x) * (i - j)
    return x


@jax.jit
def summed(x):
    return sum(x)  # iterates over a traced array: one row per trip (64 in the tests)


class Stack:
    def __init__(self, depth):
        self.depth = depth
        self.layers = [jnp.full((3,), float(k)) for k in range(depth)]

    @partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        for w in self.layers:  # a list of layers: its length is an attribute
            x = jnp.maximum(x * w, 0.0) + 1.0
        return x


@jax.jit
def short(x):
    for _ in range(3):  # below min-unrolled-trips
        x = x * 2.0
    return x


@jax.jit
def never_called(x):
    for _ in range(50):  # no test compiles it
        x = x + 1.0
    return x


@jax.jit
def rolled(x):
    return jax.lax.fori_loop(0, 40, lambda i, v: v + jnp.cos(v), x)


@jax.jit
def kept_unrolled(x):
    for k in range(12):  # noqa: SCN301, SCN304 (an unroll kept on purpose)
        x = x * 0.5 + k
    return x


@partial(jax.jit, static_argnums=1)
def pick(x, n):
    return jnp.stack([x[k] for k in range(n)])  # 12 trips, 1 equation each: cheap


class Env:
    """A jitted step calling a jitted method (jaxmarl's `step` -> `step_env`): jax's
    tracebacks stop at the inner jit, and its loop's equations still count."""

    def __init__(self, agents):
        self.agents = agents

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return self.step_env(x) + 1.0

    @partial(jax.jit, static_argnums=0)
    def step_env(self, x):
        for _ in range(self.agents):  # an attribute: 20 agents in the test
            x = jnp.concatenate([x, jnp.sin(x[:1])])
        return x

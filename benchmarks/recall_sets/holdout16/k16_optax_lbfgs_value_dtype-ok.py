# expect: none
# source: https://github.com/google-deepmind/optax/issues/1207
# mistake: the loss value fed to the update is computed from the parameters (so it has their dtype) and the step size is kept in the parameter dtype, so the while_loop carry keeps identical dtypes for float16, bfloat16 and float32.
from typing import NamedTuple

import jax
from jax import numpy as jnp


class LineSearchState(NamedTuple):
    count: jax.Array
    value: jax.Array
    stepsize: jax.Array


def value_fn(x):
    return jnp.mean(x ** 2)


def update(grad, state, params, value):
    stepsize = jnp.where(value > state.value, 0.5 * state.stepsize, state.stepsize)
    updates = -stepsize * grad
    return updates, LineSearchState(state.count + 1, value, stepsize)


def train(a, num_steps=10):
    state = LineSearchState(jnp.asarray(0), value_fn(a), jnp.asarray(1.0, a.dtype))

    def cond(a_state):
        _, state = a_state
        return state.count < num_steps

    def step(a_state):
        a, state = a_state
        value, ga = jax.value_and_grad(value_fn)(a)
        updates, state = update(ga, state, a, value=value)
        return a + updates, state

    return jax.lax.while_loop(cond, step, (a, state))


def main():
    for dtype in [jnp.float16, jnp.bfloat16, jnp.float32]:
        a = jnp.array([1.0, 2.0, 3.0], dtype=dtype)
        a_final, st = train(a)
        print(jnp.dtype(dtype).name, "ok", a_final.dtype, a_final)

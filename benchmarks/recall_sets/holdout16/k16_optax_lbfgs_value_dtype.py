# expect: bug
# source: https://github.com/google-deepmind/optax/issues/1207
# mistake: the optimisation loop runs in lax.while_loop on float16/bfloat16 parameters, but the step builds `value = jnp.array(1.0)` (float32) and feeds it into the step-size computation, so the updated parameters and stored value come back as float32 and while_loop rejects the carry because its dtype changed.
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
    # backtracking: shrink the step while the decrease condition fails
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
        ga = jax.grad(value_fn)(a)
        value = jnp.array(1.0)
        updates, state = update(ga, state, a, value=value)
        return a + updates, state

    return jax.lax.while_loop(cond, step, (a, state))


def main():
    for dtype in [jnp.float16, jnp.bfloat16, jnp.float32]:
        a = jnp.array([1.0, 2.0, 3.0], dtype=dtype)
        try:
            a_final, _ = train(a)
            print(jnp.dtype(dtype).name, "ok", a_final)
        except TypeError as e:
            print(jnp.dtype(dtype).name, "TypeError:", " ".join(str(e).split())[:170])

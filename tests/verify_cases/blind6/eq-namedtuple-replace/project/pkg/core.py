from typing import NamedTuple
import jax
import jax.numpy as jnp


class State(NamedTuple):
    t: jax.Array
    x: jax.Array


def advance(state):
    return State(state.t + 1, state.x * 0.5)

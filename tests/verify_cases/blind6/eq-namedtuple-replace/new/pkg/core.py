from typing import NamedTuple
import jax
import jax.numpy as jnp


class State(NamedTuple):
    t: jax.Array
    x: jax.Array


def advance(state):
    return state._replace(t=state.t + 1, x=state.x * 0.5)

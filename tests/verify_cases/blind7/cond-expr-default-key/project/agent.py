from typing import NamedTuple

import jax
import jax.numpy as jnp


class AgentState(NamedTuple):
    params: jax.Array
    rng: jax.Array
    step: jax.Array


def init(num_actions, key=None):
    key = key if key is not None else jax.random.key(0)
    key, sub = jax.random.split(key)
    params = 0.01 * jax.random.normal(sub, (num_actions,))
    return AgentState(params, key, jnp.zeros((), jnp.int32))

from typing import NamedTuple

import jax
import jax.numpy as jnp


class ScaleByMomentumState(NamedTuple):
    count: jax.Array
    trace: dict


def init(params):
    return ScaleByMomentumState(count=jnp.zeros([], jnp.int32), trace=jax.tree.map(jnp.zeros_like, params))


def update(grads, state, decay=0.9):
    trace = jax.tree.map(lambda g, t: g + decay * t, grads, state.trace)
    return trace, ScaleByMomentumState(count=state.count + 1, trace=trace)

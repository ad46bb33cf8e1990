from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class State(NamedTuple):
    x: jnp.ndarray
    v: jnp.ndarray


def simulate(s0, n, dt=0.1):
    def step(s, _):
        pos, vel = s
        vel = vel - dt * pos
        pos = pos + dt * vel
        return State(pos, vel), pos

    return lax.scan(step, State(*s0), None, length=n)

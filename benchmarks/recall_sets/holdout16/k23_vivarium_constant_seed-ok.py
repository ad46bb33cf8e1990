# expect: none
# source: https://github.com/flowersteam/vivarium/pull/57
# mistake: a single root key is created once and split in the reset loop, and each episode's init_nve_state receives its own subkey, so start positions differ between episodes while staying reproducible.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random


class NVEState(NamedTuple):
    position: jax.Array
    velocity: jax.Array
    diameter: jax.Array


def init_nve_state(key, n_agents: int, n_objects: int, box_size: float = 100.0,
                   diameter: float = 5.0) -> NVEState:
    n_entities = n_agents + n_objects
    key_pos, key_vel = random.split(key)
    position = random.uniform(key_pos, (n_entities, 2)) * box_size
    velocity = random.normal(key_vel, (n_entities, 2))
    return NVEState(position, velocity, jnp.full((n_entities,), diameter))


def run_episodes(key, n_episodes, n_agents=5, n_objects=3):
    starts = []
    for episode in range(n_episodes):
        key, init_key = random.split(key)
        state = init_nve_state(init_key, n_agents, n_objects)
        starts.append(state.position)
    return jnp.stack(starts)


def main():
    starts = run_episodes(random.PRNGKey(0), 4)
    same = [bool(jnp.array_equal(starts[0], s)) for s in starts]
    print("episode start positions identical to episode 0:", same)

# expect: bug
# source: https://github.com/nissymori/mahjax/pull/72
# mistake: _init splits a subkey off the init rng but never stores it, so round_state.rng_key keeps the dataclass default PRNGKey(0); every later wall reshuffle in the hand loop derives from that constant key, giving bitwise-identical walls for every seed/env/run after the first hand.
from typing import NamedTuple

import jax
import jax.numpy as jnp

NUM_TILES = 136


class RoundState(NamedTuple):
    wall: jax.Array
    hand_idx: jax.Array
    rng_key: jax.Array = jax.random.PRNGKey(0)


def _make_state(wall, hand_idx=jnp.int32(0), **kwargs):
    return RoundState(wall=wall, hand_idx=hand_idx, **kwargs)


def _init(rng):
    rng, subkey = jax.random.split(rng)
    first_wall = jax.random.permutation(rng, NUM_TILES)
    return _make_state(first_wall)


def _next_round(state):
    rng_key, shuffle_key = jax.random.split(state.rng_key)
    wall = jax.random.permutation(shuffle_key, NUM_TILES)
    return state._replace(wall=wall, hand_idx=state.hand_idx + 1, rng_key=rng_key)


@jax.jit
def play_hands(rng, num_hands=3):
    state = _init(rng)

    def body(state, _):
        state = _next_round(state)
        return state, state.wall

    _, walls = jax.lax.scan(body, state, None, length=num_hands)
    return state.wall, walls


def main():
    first_a, later_a = play_hands(jax.random.PRNGKey(0))
    first_b, later_b = play_hands(jax.random.PRNGKey(424242))
    print("first-hand walls equal across seeds:", bool(jnp.array_equal(first_a, first_b)))
    print("later-hand walls equal across seeds:", [bool(jnp.array_equal(a, b)) for a, b in zip(later_a, later_b)])

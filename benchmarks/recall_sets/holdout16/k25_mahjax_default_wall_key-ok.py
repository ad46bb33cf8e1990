# expect: none
# source: https://github.com/nissymori/mahjax/pull/72
# mistake: the fix: the subkey split off the init rng is stored as round_state.rng_key, so the reshuffle chain in the hand loop depends on the seed and walls differ across seeds while staying reproducible for a fixed seed.
from typing import NamedTuple

import jax
import jax.numpy as jnp

NUM_TILES = 136


class RoundState(NamedTuple):
    wall: jax.Array
    hand_idx: jax.Array
    rng_key: jax.Array


def _make_state(wall, rng_key, hand_idx=jnp.int32(0)):
    return RoundState(wall=wall, hand_idx=hand_idx, rng_key=rng_key)


def _init(rng):
    rng, subkey = jax.random.split(rng)
    first_wall = jax.random.permutation(rng, NUM_TILES)
    return _make_state(first_wall, rng_key=subkey)


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
    again, later_again = play_hands(jax.random.PRNGKey(0))
    print("later-hand walls equal across seeds:", [bool(jnp.array_equal(a, b)) for a, b in zip(later_a, later_b)])
    print("same seed reproducible:", bool(jnp.array_equal(later_a, later_again)))

# expect: none
# source: https://github.com/nissymori/mahjax/pull/73
# mistake: (fixed) randomness enters through step's key, which is threaded into the round transition, and the state carries no key of its own.
# kind: 4 PRNG keys reused across loop steps
from functools import partial

import jax
import jax.numpy as jnp
from flax import struct

NUM_TILES = 136


@struct.dataclass
class RoundState:
    wall: jax.Array
    round_idx: jax.Array


@struct.dataclass
class State:
    round_state: RoundState
    scores: jax.Array


def _shuffle(key):
    return jax.random.permutation(key, NUM_TILES)


class Mahjong:
    def init(self, key):
        return State(RoundState(wall=_shuffle(key), round_idx=jnp.int32(0)), scores=jnp.zeros(4))

    def _next_round(self, rs: RoundState, key):
        return RoundState(wall=_shuffle(key), round_idx=rs.round_idx + 1)

    @partial(jax.jit, static_argnums=0)
    def step(self, state: State, action, key):
        scores = state.scores.at[action % 4].add(1.0)
        return State(self._next_round(state.round_state, key), scores)


def play(env, seed, n_rounds=3):
    key = jax.random.PRNGKey(seed)
    key, init_key = jax.random.split(key)
    state = env.init(init_key)
    walls = [state.round_state.wall]
    for r in range(n_rounds - 1):
        key, step_key = jax.random.split(key)
        state = env.step(state, jnp.int32(r), step_key)
        walls.append(state.round_state.wall)
    return walls


def main():
    env = Mahjong()
    walls_a = play(env, seed=0)
    walls_b = play(env, seed=424242)
    print("identical walls per hand:", [bool(jnp.array_equal(a, b)) for a, b in zip(walls_a, walls_b)])


if __name__ == "__main__":
    main()

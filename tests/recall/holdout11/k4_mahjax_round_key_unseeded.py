# expect: bug
# source: https://github.com/nissymori/mahjax/pull/73
# mistake: The round state's rng_key keeps its dataclass default PRNGKey(0) because init never seeds it and step discards its key, so every reshuffle after the first hand derives from the same global key chain for every seed and every environment.
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
    rng_key: jax.Array = struct.field(default_factory=lambda: jax.random.PRNGKey(0))


@struct.dataclass
class State:
    round_state: RoundState
    scores: jax.Array


def _shuffle(key):
    return jax.random.permutation(key, NUM_TILES)


class Mahjong:
    def init(self, key):
        key, subkey = jax.random.split(key)
        wall = _shuffle(key)  # first hand uses the init key
        return State(RoundState(wall=wall, round_idx=jnp.int32(0)), scores=jnp.zeros(4))

    def _next_round(self, rs: RoundState):
        key, sub = jax.random.split(rs.rng_key)
        return RoundState(wall=_shuffle(sub), round_idx=rs.round_idx + 1, rng_key=key)

    @partial(jax.jit, static_argnums=0)
    def step(self, state: State, action, key):
        del key  # randomness lives in the round state
        scores = state.scores.at[action % 4].add(1.0)
        return State(self._next_round(state.round_state), scores)


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
    first_same = bool(jnp.array_equal(walls_a[0], walls_b[0]))
    later_same = [bool(jnp.array_equal(a, b)) for a, b in zip(walls_a[1:], walls_b[1:])]
    if not first_same and all(later_same):
        print(f"SYMPTOM: walls of hands 2..{len(walls_a)} are bitwise identical for seeds 0 and "
              f"424242 (first hands differ: {not first_same})")


if __name__ == "__main__":
    main()

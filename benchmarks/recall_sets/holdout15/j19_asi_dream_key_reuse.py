# expect: bug
# source: https://github.com/SlopDotCash/asi/issues/160
# mistake: In the dreaming scan, the post-split carried `key` both seeds the rollout's behavior RNG and is returned in the carry to be split again by the next dream, so dream i+1's candidate key is bit-identical to dream i's first action-sampling key.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.random as jr


class BehaviorState(NamedTuple):
    rng_key: jax.Array
    epsilon: jax.Array


def sample_action(behavior, q_values):
    stored, sample_key = jr.split(behavior.rng_key)
    explore = jr.uniform(sample_key) < behavior.epsilon
    rand_a = jr.randint(sample_key, (), 0, q_values.shape[-1])
    action = jnp.where(explore, rand_a, jnp.argmax(q_values))
    return action, behavior._replace(rng_key=stored), sample_key


def dream_step(carry, _):
    key, behavior_state, q_table = carry
    key, candidate_key = jr.split(key)
    anchor = jr.randint(candidate_key, (), 0, q_table.shape[0])
    initial_behavior_state = behavior_state._replace(rng_key=key)  # same key kept in carry
    action, _, first_sample_key = sample_action(initial_behavior_state, q_table[anchor])
    out = (jr.key_data(candidate_key), jr.key_data(first_sample_key), anchor, action)
    return (key, behavior_state, q_table), out


def step9_update(key, behavior_state, q_table, planning_budget=4):
    _, (cand_keys, sample_keys, anchors, actions) = jax.lax.scan(
        dream_step, (key, behavior_state, q_table), None, length=planning_budget)
    return cand_keys, sample_keys, anchors, actions


def main():
    q_table = jr.normal(jr.key(3), (16, 4))
    behavior = BehaviorState(rng_key=jr.key(0), epsilon=jnp.asarray(0.5))
    cand, samp, anchors, actions = jax.jit(step9_update)(jr.key(7), behavior, q_table)
    collisions = [bool(jnp.all(cand[i + 1] == samp[i])) for i in range(len(cand) - 1)]
    print("anchors:", anchors, "actions:", actions)
    print("dream i+1 candidate_key == dream i rollout sample_key:", collisions)
    assert all(collisions)

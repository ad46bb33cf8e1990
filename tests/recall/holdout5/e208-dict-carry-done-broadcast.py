# case: e208-dict-carry-done-broadcast
# source: https://github.com/kscalelabs/ksim/pull/344
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: a stateful reward whose carry lives in a dict slot of the training loop's scan
#   carry is reset with jnp.where(trajectory_done, initial, carry), where trajectory_done
#   has a time axis, so the scalar slot comes back as a length-T vector; ksim's loop was
#   spread across its RLTask class.

import jax
import jax.numpy as jnp

ROLLOUT_LENGTH = 8


def initial_carry():
    return jnp.zeros(())


def stateful_reward(trajectory_done, velocities, reward_carry):
    # running mean of the forward velocity, reset at episode ends
    reward_carry = jnp.where(trajectory_done, initial_carry(), reward_carry)
    new_carry = 0.9 * reward_carry + 0.1 * velocities.mean()
    return velocities - new_carry, new_carry


def update_step(carry, key):
    velocities = jax.random.normal(key, (ROLLOUT_LENGTH,))
    trajectory_done = jnp.arange(ROLLOUT_LENGTH) == ROLLOUT_LENGTH - 1
    reward, new_reward_carry = stateful_reward(
        trajectory_done, velocities, carry["reward_carry"]["velocity"])
    new_carry = {
        "reward_carry": {"velocity": new_reward_carry},
        "step": carry["step"] + 1,
    }
    return new_carry, reward.sum()


init = {"reward_carry": {"velocity": initial_carry()}, "step": jnp.int32(0)}
keys = jax.random.split(jax.random.PRNGKey(0), 5)
final, totals = jax.lax.scan(update_step, init, keys)
print(totals)

# expect: bug
# source: https://github.com/instadeepai/Mava/issues/1176
# mistake: the PPO rollout does `jax.vmap(env.step)(env_state, action)` on an env wrapped in AutoResetWrapper, whose `lax.cond(done, reset, ...)` turns into a select under vmap, so the (expensive) `_env.reset` runs for every environment on every step although almost none are done.
from typing import NamedTuple

import jax
import jax.numpy as jnp

RESET_CALLS = {"n": 0}


def _count_reset(_):
    RESET_CALLS["n"] += 1


class EnvState(NamedTuple):
    agents_pos: jax.Array
    key: jax.Array
    step_count: jax.Array


class RobotWarehouse:
    episode_length = 100

    def reset(self, key):
        jax.debug.callback(_count_reset, key)
        key, sub = jax.random.split(key)
        return EnvState(jax.random.uniform(sub, (4, 2)), key, jnp.array(0))

    def step(self, state, action):
        pos = state.agents_pos + 0.01 * action
        state = EnvState(pos, state.key, state.step_count + 1)
        return state, state.step_count >= self.episode_length


class AutoResetWrapper:
    def __init__(self, env):
        self._env = env

    def step(self, state, action):
        state, done = self._env.step(state, action)
        state = jax.lax.cond(done, lambda s: self._env.reset(s.key), lambda s: s, state)
        return state, done


def main():
    env = AutoResetWrapper(RobotWarehouse())
    num_envs, rollout_length = 8, 20
    env_state = jax.vmap(RobotWarehouse().reset)(jax.random.split(jax.random.PRNGKey(0), num_envs))
    jax.effects_barrier()
    RESET_CALLS["n"] = 0
    action = jnp.ones((num_envs, 4, 2))

    def _env_step(env_state, _):
        env_state, done = jax.vmap(env.step, in_axes=(0, 0))(env_state, action)
        return env_state, done

    env_state, dones = jax.jit(lambda s: jax.lax.scan(_env_step, s, None, rollout_length))(env_state)
    jax.effects_barrier()
    print(f"episodes finished: {int(dones.sum())}, reset executions: {RESET_CALLS['n']} "
          f"({num_envs} envs x {rollout_length} steps)")

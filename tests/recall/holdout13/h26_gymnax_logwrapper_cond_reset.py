# expect: bug
# source: https://github.com/RobertTLange/gymnax/issues/86
# mistake: The LogWrapper's reset fills its episode statistics with Python ints while step produces float32 returns, so choosing between reset and step with lax.cond inside the jitted rollout fails on mismatched branch types.
# kind: 5 carry structure / dtype / weak-type mismatch
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class LogEnvState:
    env_state: jax.Array
    episode_returns: jax.Array
    episode_lengths: jax.Array
    returned_episode_returns: jax.Array


class Catch:
    def reset(self, key):
        return jax.random.uniform(key, (3,)), jnp.zeros(3)

    def step(self, key, state, action):
        state = state + 0.3 * action
        reward = -jnp.abs(state).sum()
        return state, state, reward, reward < -2.0


class LogWrapper:
    def __init__(self, env):
        self._env = env

    def reset(self, key):
        obs, env_state = self._env.reset(key)
        return obs, LogEnvState(env_state, 0, 0, 0)

    def step(self, key, state, action):
        obs, env_state, reward, done = self._env.step(key, state.env_state, action)
        new_return = state.episode_returns + reward
        new_length = state.episode_lengths + 1
        state = LogEnvState(env_state, new_return * (1 - done), new_length * (1 - done),
                            jnp.where(done, new_return, state.returned_episode_returns))
        return obs, state, reward, done


def main():
    env = LogWrapper(Catch())
    obs, env_state = env.reset(jax.random.key(0))

    @jax.jit
    def rollout(env_state, key):
        def body(carry, k):
            obs, env_state = carry
            k_step, k_reset = jax.random.split(k)
            next_obs, next_state, reward, done = env.step(k_step, env_state, jnp.ones(3))
            carry = jax.lax.cond(done, lambda: env.reset(k_reset), lambda: (next_obs, next_state))
            return carry, reward

        return jax.lax.scan(body, (obs, env_state), jax.random.split(key, 10))

    rollout(env_state, jax.random.key(1))


if __name__ == "__main__":
    main()

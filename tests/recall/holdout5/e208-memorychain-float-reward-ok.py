# case: e208-memorychain-float-reward-ok
# source: https://github.com/RobertTLange/gymnax/pull/24
# kind: lookalike
# rules: SCN208
# pair: e208-memorychain-int-reward
# jax: symptom rewards.dtype != jnp.float32
# note: the PR's fix: the step method returns jnp.where(correct, 1.0, -1.0) (a float
#   reward), so the float32 reward slot of the carry keeps its type across steps.

from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    context: jax.Array
    time: jax.Array


class Carry(NamedTuple):
    state: EnvState
    reward: jax.Array
    done: jax.Array


class MemoryChain:
    memory_length = 5

    def reset(self, key):
        context = jax.random.bernoulli(key).astype(jnp.int32)
        return EnvState(context=context, time=jnp.int32(0))

    def step(self, state, action):
        done = state.time >= self.memory_length
        correct = action == state.context
        reward = jnp.where(done, jnp.where(correct, 1.0, -1.0), 0.0)
        new_state = EnvState(context=state.context, time=state.time + 1)
        return new_state, reward, done


env = MemoryChain()


def rollout(key, actions):
    def body(carry, action):
        state, reward, done = env.step(carry.state, action)
        return Carry(state, reward, done), reward

    init = Carry(env.reset(key), jnp.zeros((), jnp.float32), jnp.array(False))
    return jax.lax.scan(body, init, actions)


final, rewards = jax.jit(rollout)(jax.random.PRNGKey(0), jnp.ones(6, jnp.int32))
print(rewards)

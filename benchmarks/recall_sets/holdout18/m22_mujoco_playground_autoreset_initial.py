# expect: bug
# source: https://github.com/google-deepmind/mujoco_playground/issues/179
# mistake: BraxAutoResetWrapper restores the cached info["first_state"] data whenever an env is done instead of sampling a new randomized initial state, so every episode in the training rollout loop restarts from the same qpos.
from typing import Any, Dict

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class State:
    data: jnp.ndarray       # qpos
    obs: jnp.ndarray
    reward: jnp.ndarray
    done: jnp.ndarray
    metrics: Dict[str, Any]
    info: Dict[str, Any]


class CartpoleBalance:
    episode_length = 4

    def reset(self, rng):
        qpos = jax.random.uniform(rng, (2,), minval=-0.5, maxval=0.5)
        return State(qpos, qpos, jnp.zeros(()), jnp.zeros(()), {}, {"step": jnp.zeros(())})

    def step(self, state, action):
        qpos = state.data + 0.05 * action
        step = state.info["step"] + 1
        done = (step >= self.episode_length).astype(jnp.float32)
        return state.replace(data=qpos, obs=qpos, reward=1.0 - jnp.abs(qpos[1]), done=done,
                             info=dict(state.info, step=step))


class BraxAutoResetWrapper:
    def __init__(self, env):
        self.env = env

    def reset(self, rng):
        state = self.env.reset(rng)
        state.info["first_state"] = state.data
        state.info["first_obs"] = state.obs
        return state

    def step(self, state, action):
        step_info = jnp.where(state.done, jnp.zeros_like(state.info["step"]), state.info["step"])
        state = state.replace(done=jnp.zeros_like(state.done), info=dict(state.info, step=step_info))
        state = self.env.step(state, action)

        def where_done(x, y):
            return jnp.where(state.done, x, y)

        data = where_done(state.info["first_state"], state.data)
        obs = where_done(state.info["first_obs"], state.obs)
        return state.replace(data=data, obs=obs)


def main():
    env = BraxAutoResetWrapper(CartpoleBalance())
    step_fn = jax.jit(env.step)
    state = env.reset(jax.random.PRNGKey(3))
    starts = [state.data]
    for t in range(12):
        state = step_fn(state, jnp.ones(2))
        if bool(state.done):
            starts.append(state.data)
    for i, s in enumerate(starts):
        print("episode", i, "initial qpos", [round(float(v), 4) for v in s])
    print("all episodes share the initial qpos:", all(bool(jnp.allclose(s, starts[0])) for s in starts))

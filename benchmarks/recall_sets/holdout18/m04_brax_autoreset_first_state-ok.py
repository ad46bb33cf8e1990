# expect: none
# source: https://github.com/google/brax/issues/174
# mistake: the wrapper keeps an rng in state.info, splits it on every step and, when an episode is done, calls env.reset with the new key (as suggested in the thread), so each episode of the rollout loop starts from a freshly sampled start/target.
from typing import Any, Dict

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class State:
    qp: jnp.ndarray
    obs: jnp.ndarray
    reward: jnp.ndarray
    done: jnp.ndarray
    info: Dict[str, Any] = struct.field(default_factory=dict)


class AntTarget:
    episode_length = 3

    def reset(self, rng):
        k1, k2 = jax.random.split(rng)
        pos = jax.random.uniform(k1, (2,), minval=-1, maxval=1)
        target = jax.random.uniform(k2, (2,), minval=-1, maxval=1)
        qp = jnp.concatenate([pos, target])
        return State(qp, qp, jnp.zeros(()), jnp.zeros(()), {"steps": jnp.zeros(())})

    def step(self, state, action):
        pos = state.qp[:2] + 0.1 * action
        qp = state.qp.at[:2].set(pos)
        steps = state.info["steps"] + 1
        done = (steps >= self.episode_length).astype(jnp.float32)
        info = dict(state.info, steps=steps)
        return state.replace(qp=qp, obs=qp, reward=-jnp.linalg.norm(pos - qp[2:]), done=done, info=info)


class RandomizedAutoResetWrapper:
    def __init__(self, env):
        self.env = env

    def reset(self, rng):
        rng, reset_rng = jax.random.split(rng)
        state = self.env.reset(reset_rng)
        state.info["rng"] = rng
        return state

    def step(self, state, action):
        state = state.replace(done=jnp.zeros_like(state.done))
        state = self.env.step(state, action)
        rng, reset_rng = jax.random.split(state.info["rng"])
        fresh = self.env.reset(reset_rng)

        def where_done(x, y):
            return jnp.where(state.done, x, y)

        qp = where_done(fresh.qp, state.qp)
        obs = where_done(fresh.obs, state.obs)
        steps = where_done(jnp.zeros_like(state.info["steps"]), state.info["steps"])
        info = dict(state.info, rng=rng, steps=steps)
        return state.replace(qp=qp, obs=obs, info=info)


def main():
    env = RandomizedAutoResetWrapper(AntTarget())
    step = jax.jit(env.step)
    state = env.reset(jax.random.PRNGKey(0))
    starts = [state.qp]
    for t in range(9):
        state = step(state, jnp.ones(2))
        if bool(state.done):
            starts.append(state.qp)
    for i, s in enumerate(starts):
        print("episode", i, "start/target", [round(float(v), 4) for v in s])
    print("every episode starts identically:", all(bool(jnp.allclose(s, starts[0])) for s in starts))

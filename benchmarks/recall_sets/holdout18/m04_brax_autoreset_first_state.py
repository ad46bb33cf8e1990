# expect: bug
# source: https://github.com/google/brax/issues/174
# mistake: AutoResetWrapper "resets" a finished env by copying back the first_qp/first_obs cached at the initial reset, so every later episode of the rollout loop starts from the identical randomized start/target instead of a freshly sampled one.
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
    """Toy env with a per-episode random start position and target."""
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


class AutoResetWrapper:
    def __init__(self, env):
        self.env = env

    def reset(self, rng):
        state = self.env.reset(rng)
        state.info["first_qp"] = state.qp
        state.info["first_obs"] = state.obs
        return state

    def step(self, state, action):
        if "steps" in state.info:
            steps = jnp.where(state.done, jnp.zeros_like(state.info["steps"]), state.info["steps"])
            state.info.update(steps=steps)
        state = state.replace(done=jnp.zeros_like(state.done))
        state = self.env.step(state, action)

        def where_done(x, y):
            return jnp.where(state.done, x, y)

        qp = where_done(state.info["first_qp"], state.qp)
        obs = where_done(state.info["first_obs"], state.obs)
        return state.replace(qp=qp, obs=obs)


def main():
    env = AutoResetWrapper(AntTarget())
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

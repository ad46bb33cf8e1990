# expect: bug
# source: https://github.com/google-deepmind/mujoco_playground/issues/169
# mistake: BraxAutoResetWrapper.step does not call reset when an episode ends; it swaps in the cached `state.info['first_state']` from the one initial reset, so every later episode of an environment restarts from exactly the same "randomised" initial pose.
from typing import Any, Dict, NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    qpos: jax.Array
    done: jax.Array
    info: Dict[str, Any]


class Go1JoystickFlatTerrain:
    def reset(self, rng):
        rng, key = jax.random.split(rng)
        qpos = jax.random.uniform(key, (3,), minval=-0.5, maxval=0.5)
        return State(qpos, jnp.array(0.0), {"rng": rng, "steps": jnp.array(0)})

    def step(self, state, action):
        qpos = state.qpos + 0.05 * action
        steps = state.info["steps"] + 1
        done = (steps >= 10).astype(jnp.float32)
        return State(qpos, done, {**state.info, "steps": steps})


class BraxAutoResetWrapper:
    def __init__(self, env):
        self.env = env

    def reset(self, rng):
        state = self.env.reset(rng)
        return state._replace(info={**state.info, "first_state": state.qpos, "first_info": dict(state.info)})

    def step(self, state, action):
        state = state._replace(done=jnp.zeros_like(state.done))
        state = self.env.step(state, action)
        where_done = lambda x, y: jnp.where(state.done > 0, x, y)
        qpos = where_done(state.info["first_state"], state.qpos)
        info = {**state.info, "steps": where_done(0, state.info["steps"])}
        return state._replace(qpos=qpos, info=info)


def main():
    env = BraxAutoResetWrapper(Go1JoystickFlatTerrain())
    state = env.reset(jax.random.PRNGKey(0))
    step = jax.jit(env.step)
    episode_starts = [state.qpos]
    for t in range(40):
        state = step(state, jnp.ones(3))
        if state.info["steps"] == 0:
            episode_starts.append(state.qpos)
    print("episode start poses:", [[round(float(v), 3) for v in q] for q in episode_starts])
    print("all episodes start identically:", all(bool(jnp.array_equal(episode_starts[0], q)) for q in episode_starts))

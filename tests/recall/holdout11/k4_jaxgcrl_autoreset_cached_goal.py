# expect: bug
# source: https://github.com/MichalBortkiewicz/JaxGCRL/issues/53
# mistake: The auto-reset wrapper caches the state produced by the very first reset and swaps it back in whenever an episode ends, so the goal sampled from the reset key is reused for every later episode of the scanned rollout.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class State:
    pos: jax.Array
    target: jax.Array
    steps: jax.Array
    done: jax.Array
    info: dict


class Reacher:
    episode_length = 8

    def reset(self, rng):
        pos_key, target_key = jax.random.split(rng)
        pos = jax.random.uniform(pos_key, (2,), minval=-0.1, maxval=0.1)
        target = self._random_target(target_key)
        return State(pos, target, jnp.int32(0), jnp.float32(0), info={})

    def _random_target(self, rng):
        angle = jax.random.uniform(rng, (), maxval=2 * jnp.pi)
        return 0.2 * jnp.array([jnp.cos(angle), jnp.sin(angle)])

    def step(self, state, action):
        pos = state.pos + 0.05 * jnp.clip(action, -1, 1)
        steps = state.steps + 1
        done = (steps >= self.episode_length).astype(jnp.float32)
        return state.replace(pos=pos, steps=steps, done=done)


class AutoResetWrapper:
    def __init__(self, env):
        self.env = env

    def reset(self, rng):
        state = self.env.reset(rng)
        return state.replace(info={"first_state": (state.pos, state.target)})

    def step(self, state, action):
        state = state.replace(done=jnp.float32(0))
        state = self.env.step(state, action)
        first_pos, first_target = state.info["first_state"]
        pos = jnp.where(state.done > 0, first_pos, state.pos)
        target = jnp.where(state.done > 0, first_target, state.target)
        steps = jnp.where(state.done > 0, 0, state.steps)
        return state.replace(pos=pos, target=target, steps=steps)


def main():
    env = AutoResetWrapper(Reacher())
    state = env.reset(jax.random.PRNGKey(0))

    def policy_step(state, key):
        action = jax.random.normal(key, (2,))
        state = env.step(state, action)
        return state, state.target

    keys = jax.random.split(jax.random.PRNGKey(1), 6 * Reacher.episode_length)
    _, targets = jax.jit(lambda s, k: jax.lax.scan(policy_step, s, k))(state, keys)
    n_episodes = len(keys) // Reacher.episode_length
    distinct = {tuple(round(float(v), 6) for v in t) for t in targets}
    if len(distinct) == 1:
        print(f"SYMPTOM: {n_episodes} auto-reset episodes in the rollout all use the same goal {sorted(distinct)[0]}")


if __name__ == "__main__":
    main()

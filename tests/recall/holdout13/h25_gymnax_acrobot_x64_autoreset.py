# expect: bug
# source: https://github.com/RobertTLange/gymnax/issues/111
# mistake: With 64-bit mode on, the auto-reset selects between a reset state whose step counter is a Python-int int64 and a stepped state whose counter stays int32, so lax.select in the rollout scan raises a dtype mismatch.
# kind: 5 carry structure / dtype / weak-type mismatch
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class EnvState:
    joint_angle1: jax.Array
    joint_angle2: jax.Array
    time: jax.Array


class Acrobot:
    max_steps_in_episode = 5

    def reset_env(self, key):
        init = jax.random.uniform(key, (2,), minval=-0.1, maxval=0.1)
        return EnvState(joint_angle1=init[0], joint_angle2=init[1], time=jnp.asarray(0))

    def step_env(self, key, state, action):
        torque = action.astype(state.joint_angle1.dtype) - 1.0
        time = (state.time + 1).astype(jnp.int32)
        return EnvState(state.joint_angle1 + 0.05 * torque, state.joint_angle2 - 0.05 * torque, time)

    def step(self, key, state, action):
        key_step, key_reset = jax.random.split(key)
        state_st = self.step_env(key_step, state, action)
        done = state_st.time >= self.max_steps_in_episode
        state_re = self.reset_env(key_reset)
        return jax.tree.map(lambda x, y: jax.lax.select(done, x, y), state_re, state_st)


def main():
    env = Acrobot()

    def rollout(key):
        state = env.reset_env(key)

        def body(state, k):
            return env.step(k, state, jnp.asarray(2)), state.time

        return jax.lax.scan(body, state, jax.random.split(key, 12))

    with jax.enable_x64(True):
        jax.jit(rollout)(jax.random.key(0))


if __name__ == "__main__":
    main()

# expect: none
# source: https://github.com/talmolab/track-mjx/issues/45
# mistake: Look-alike: the env step and the policy apply are jitted once in __init__ and the parameters are passed as arguments, so later evaluations reuse the executables.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import monitoring


class ReacherEnv:
    def reset(self, key):
        return jax.random.normal(key, (4,))

    def step(self, state, action):
        return 0.95 * state + 0.1 * action


def policy_apply(params, obs):
    return jnp.tanh(obs @ params["w"] + params["b"])


class RolloutLogger:
    def __init__(self, env, n_steps=6):
        self.env = env
        self.n_steps = n_steps
        self.jit_step = jax.jit(env.step)
        self.jit_inference_fn = jax.jit(policy_apply)

    def policy_params_fn(self, num_steps, params):
        state = self.env.reset(jax.random.key(0))
        for _ in range(self.n_steps):
            state = self.jit_step(state, self.jit_inference_fn(params, state))
        return state


def main():
    compiles = []

    def on_event(name, secs, **kw):
        if name == "/jax/core/compile/backend_compile_duration":
            compiles.append(name)

    monitoring.register_event_duration_secs_listener(on_event)
    logger = RolloutLogger(ReacherEnv())
    params = {"w": jnp.eye(4), "b": jnp.zeros(4)}
    for it in range(2):
        params = jax.tree_util.tree_map(lambda p: p * 0.9, params)
        logger.policy_params_fn(it, params)
    before = len(compiles)
    for it in range(2, 5):
        params = jax.tree_util.tree_map(lambda p: p * 0.9, params)
        logger.policy_params_fn(it, params)
    assert len(compiles) == before, compiles


if __name__ == "__main__":
    main()

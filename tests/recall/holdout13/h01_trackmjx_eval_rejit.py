# expect: bug
# source: https://github.com/talmolab/track-mjx/issues/45
# mistake: The evaluation/rendering callback calls jax.jit on the env step and on a freshly built policy every time it runs, so every evaluation retraces and recompiles the rollout.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import monitoring


class ReacherEnv:
    def reset(self, key):
        return jax.random.normal(key, (4,))

    def step(self, state, action):
        return 0.95 * state + 0.1 * action


def make_inference_fn(params):
    def policy(obs):
        return jnp.tanh(obs @ params["w"] + params["b"])
    return policy


class RolloutLogger:
    def __init__(self, env, n_steps=6):
        self.env = env
        self.n_steps = n_steps

    def policy_params_fn(self, num_steps, make_policy, params):
        jit_step = jax.jit(self.env.step)
        jit_inference_fn = jax.jit(make_policy(params))
        state = self.env.reset(jax.random.key(0))
        for _ in range(self.n_steps):
            state = jit_step(state, jit_inference_fn(state))
        return state


def main():
    compiles = []

    def on_event(name, secs, **kw):
        if name == "/jax/core/compile/backend_compile_duration":
            compiles.append(name)

    monitoring.register_event_duration_secs_listener(on_event)
    logger = RolloutLogger(ReacherEnv())
    params = {"w": jnp.eye(4), "b": jnp.zeros(4)}
    for it in range(2):  # warm-up: first evaluations
        params = jax.tree_util.tree_map(lambda p: p * 0.9, params)
        logger.policy_params_fn(it, make_inference_fn, params)
    before = len(compiles)
    for it in range(2, 5):
        params = jax.tree_util.tree_map(lambda p: p * 0.9, params)
        logger.policy_params_fn(it, make_inference_fn, params)
    extra = len(compiles) - before
    if extra:
        print(f"SYMPTOM: {extra} backend compiles during 3 later evaluations (expected 0)")


if __name__ == "__main__":
    main()

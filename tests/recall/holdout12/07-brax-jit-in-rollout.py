# expect: bug
# source: https://github.com/google/brax/issues/349
# mistake: The rollout wraps `env.step` in `jax.jit` inside the step loop, so every environment step pays for a fresh trace and compilation.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import monitoring

_compiles = []
monitoring.register_event_duration_secs_listener(
    lambda n, s, **kw: _compiles.append(n) if n == "/jax/core/compile/backend_compile_duration" else None)


class PointMass:
    action_size = 2
    dt = 0.05

    def reset(self, rng):
        pos = jax.random.uniform(rng, (2,), minval=-1.0, maxval=1.0)
        return {"pos": pos, "vel": jnp.zeros(2), "reward": jnp.zeros(())}

    def step(self, state, action):
        vel = state["vel"] + self.dt * action
        pos = state["pos"] + self.dt * vel
        return {"pos": pos, "vel": vel, "reward": -jnp.sum(pos ** 2)}


def rollout(env, seed, n_steps):
    rng = jax.random.PRNGKey(seed)
    rng, reset_rng = jax.random.split(rng)
    state = jax.jit(env.reset)(reset_rng)
    for _ in range(n_steps):
        rng, act_rng = jax.random.split(rng)
        action = jax.random.normal(act_rng, (env.action_size,))
        state = jax.jit(env.step)(state, action)
    return state


def main():
    env = PointMass()
    rollout(env, 0, 1)
    n0 = len(_compiles)
    n_steps = 6
    rollout(env, 1, n_steps)
    extra = len(_compiles) - n0
    if extra >= n_steps:
        print(f"SYMPTOM: {extra} compilations during a {n_steps}-step rollout")


if __name__ == "__main__":
    main()

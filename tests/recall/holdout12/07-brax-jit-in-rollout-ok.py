# expect: none
# source: https://github.com/google/brax/issues/349
# mistake: None: `reset` and `step` are jitted once before the loop and the loop calls the same compiled functions.
# kind: 1 recompiles
import jax
import jax.numpy as jnp


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


def main():
    env = PointMass()
    reset = jax.jit(env.reset)
    step = jax.jit(env.step)
    seed = jax.random.PRNGKey(777)
    reset_seed, state_seed = jax.random.split(seed)
    state = reset(reset_seed)
    for _ in range(6):
        state_seed, key = jax.random.split(state_seed)
        action = jax.random.normal(key, (env.action_size,))
        state = step(state=state, action=action)
    assert jnp.isfinite(state["pos"]).all()


if __name__ == "__main__":
    main()

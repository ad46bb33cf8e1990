# expect: bug
# source: https://github.com/google/brax/issues/193
# mistake: the rollout loop calls `env.step` without `jax.jit`, so every simulation step dispatches each array operation of the physics pipeline separately from Python.
import time
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array
    contact: jax.Array


class GraspEnv:
    def __init__(self, n_bodies=12, dt=0.01, substeps=4):
        self.n, self.dt, self.substeps = n_bodies, dt, substeps
        self.mass = jnp.linspace(1.0, 2.0, n_bodies)

    def reset(self, rng):
        pos = jax.random.uniform(rng, (self.n, 3))
        return State(pos, jnp.zeros((self.n, 3)), jnp.zeros(self.n, bool))

    def _substep(self, state, action):
        gravity = jnp.array([0.0, 0.0, -9.81])
        force = gravity * self.mass[:, None]
        force = force.at[:2].add(action.reshape(2, 3))
        diff = state.pos[:, None, :] - state.pos[None, :, :]
        dist = jnp.linalg.norm(diff + 1e-9, axis=-1)
        repulse = jnp.sum(jnp.where((dist < 0.1)[..., None], diff / (dist[..., None] + 1e-3), 0.0), axis=1)
        vel = state.vel + self.dt * (force + repulse) / self.mass[:, None]
        pos = state.pos + self.dt * vel
        contact = pos[:, 2] < 0.0
        pos = pos.at[:, 2].set(jnp.maximum(pos[:, 2], 0.0))
        vel = jnp.where(contact[:, None], vel * jnp.array([0.9, 0.9, -0.5]), vel)
        return State(pos, vel, contact)

    def step(self, state, action):
        for _ in range(self.substeps):
            state = self._substep(state, action)
        return state


def main():
    env = GraspEnv()
    state = env.reset(jax.random.PRNGKey(0))
    action = jnp.ones(6) * 0.5
    t0 = time.perf_counter()
    for _ in range(40):
        state = env.step(state, action)
    jax.block_until_ready(state)
    print(f"un-jitted env.step: {(time.perf_counter() - t0) / 40 * 1e3:.2f} ms per step")
    step = jax.jit(env.step)
    jax.block_until_ready(step(state, action))
    t0 = time.perf_counter()
    for _ in range(40):
        state = step(state, action)
    jax.block_until_ready(state)
    print(f"(for reference, jitted env.step: {(time.perf_counter() - t0) / 40 * 1e3:.2f} ms per step)")


if __name__ == "__main__":
    main()

# expect: none
# source: https://github.com/instadeepai/jumanji/issues/297
# mistake: the batch of environments is stepped with `jax.vmap` over the auto-reset step (VmapWrapper(AutoResetWrapper(env))), so the per-env work is vectorised rather than run as a sequential lax.map loop.
import time
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    pos: jax.Array
    key: jax.Array
    step_count: jax.Array


class Snake:
    def reset(self, key):
        key, sub = jax.random.split(key)
        return State(jax.random.uniform(sub, (8,)), key, jnp.array(0))

    def step(self, state, action):
        pos = jnp.tanh(state.pos + 0.1 * action)
        return State(pos, state.key, state.step_count + 1), pos.sum() > 6.0


class AutoResetWrapper:
    def __init__(self, env):
        self._env = env

    def step(self, state, action):
        state, done = self._env.step(state, action)
        return jax.lax.cond(done, lambda s: self._env.reset(s.key), lambda s: s, state)


class VmapWrapper:
    def __init__(self, env):
        self._env = env

    def step(self, state, action):
        return jax.vmap(self._env.step)(state, action)


def main():
    env = Snake()
    num_envs = 256
    state = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(0), num_envs))
    action = jnp.ones((num_envs, 8))
    wrapped = VmapWrapper(AutoResetWrapper(env))
    step = jax.jit(lambda s, a: jax.lax.fori_loop(0, 50, lambda i, s: wrapped.step(s, a), s))
    jax.block_until_ready(step(state, action))
    t0 = time.perf_counter()
    for _ in range(5):
        jax.block_until_ready(step(state, action))
    print(f"VmapWrapper(AutoResetWrapper): {(time.perf_counter() - t0) / 5 * 1e3:.1f} ms per 50 steps")
    print("inner loop over envs in jaxpr:", "scan" in str(jax.make_jaxpr(wrapped.step)(state, action)))

# expect: bug
# source: https://github.com/instadeepai/jumanji/issues/297
# mistake: VmapAutoResetWrapper.step maps the per-env step+conditional-reset over the batch with `jax.lax.map`, which lowers to a sequential loop over environments instead of a vectorised op, so stepping 256 envs is several times slower than VmapWrapper(AutoResetWrapper(env)).
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


class VmapAutoResetWrapper:
    def __init__(self, env):
        self._env = env

    def _maybe_reset(self, state, done):
        return jax.lax.cond(done, lambda s: self._env.reset(s.key), lambda s: s, state)

    def step(self, state, action):
        def step_one(args):
            s, a = args
            s, done = self._env.step(s, a)
            return self._maybe_reset(s, done)
        return jax.lax.map(step_one, (state, action))


def main():
    env = Snake()
    num_envs = 256
    state = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(0), num_envs))
    action = jnp.ones((num_envs, 8))
    wrapped = VmapAutoResetWrapper(env)
    step = jax.jit(lambda s, a: jax.lax.fori_loop(0, 50, lambda i, s: wrapped.step(s, a), s))
    baseline = jax.jit(lambda s, a: jax.lax.fori_loop(0, 50, lambda i, s: jax.vmap(
        lambda s, a: (lambda s_d: jax.lax.cond(s_d[1], lambda x: env.reset(x.key), lambda x: x, s_d[0]))(env.step(s, a)))(s, a), s))
    for name, fn in [("VmapAutoResetWrapper (lax.map)", step), ("vmap(AutoReset)", baseline)]:
        jax.block_until_ready(fn(state, action))
        t0 = time.perf_counter()
        for _ in range(5):
            jax.block_until_ready(fn(state, action))
        print(f"{name}: {(time.perf_counter() - t0) / 5 * 1e3:.1f} ms per 50 steps")
    print("inner loop over envs in jaxpr:", "scan" in str(jax.make_jaxpr(wrapped.step)(state, action)))

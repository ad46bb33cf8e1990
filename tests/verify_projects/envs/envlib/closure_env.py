"""An environment that builds its `reset` and `step` as closures in `__init__` and stores them
on `self` as `jax.jit(...)`, as jaxmarl's STORM environment does."""

import jax
import jax.numpy as jnp


class GridEnv:
    def __init__(self, num_agents, size=5):
        self.num_agents = num_agents
        offsets = jnp.arange(num_agents) * 2

        def _reset_state(key):
            def place(i, carry):
                ids, off = carry
                return ids.at[i].set(off[i] + i + 1), off
            ids, _ = jax.lax.fori_loop(0, num_agents, place,
                                       (jnp.zeros(num_agents, jnp.int32), offsets))
            positions = jax.random.randint(key, (num_agents, 2), 0, size)
            return {"ids": ids, "positions": positions}

        def reset(key):
            return _reset_state(key)

        def step(state, actions):
            moved = jnp.clip(state["positions"] + actions, 0, size - 1)
            return {**state, "positions": moved}

        self.reset = jax.jit(reset)
        self.step = jax.jit(step)

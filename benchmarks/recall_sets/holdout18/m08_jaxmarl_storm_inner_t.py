# expect: bug
# source: https://github.com/bold-lab-ai/JaxMARL/pull/60
# mistake: the STORM _step builds state_nxt with the incremented inner_t but returns the old `state` with only agent positions/freezes replaced, so inner_t never advances across the rollout loop and the episode `done` flag is never raised.
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class State:
    agent_positions: jnp.ndarray
    agent_freezes: jnp.ndarray
    inner_t: int
    outer_t: int


class InTheGrid:
    def __init__(self, num_inner_steps=4, num_outer_steps=2):
        self.num_inner_steps = num_inner_steps
        self.num_outer_steps = num_outer_steps

    def reset(self, key):
        pos = jax.random.randint(key, (2, 2), 0, 5)
        return State(pos, jnp.zeros(2, jnp.int32), jnp.int32(0), jnp.int32(0))

    def _step(self, key, state, actions):
        moves = jnp.array([[0, 1], [1, 0], [0, -1], [-1, 0]])
        new_pos = jnp.clip(state.agent_positions + moves[actions], 0, 4)
        freezes = jnp.maximum(state.agent_freezes - 1, 0)
        state_nxt = State(
            agent_positions=new_pos,
            agent_freezes=freezes,
            inner_t=state.inner_t + 1,
            outer_t=state.outer_t,
        )
        done = state_nxt.inner_t >= self.num_inner_steps
        # returned state only carries some of the updated fields
        state = state.replace(agent_positions=new_pos, agent_freezes=freezes)
        return state, done


def main():
    env = InTheGrid()
    step = jax.jit(env._step)
    key = jax.random.PRNGKey(0)
    state = env.reset(key)
    dones = []
    for t in range(8):
        key, k = jax.random.split(key)
        state, done = step(k, state, jax.random.randint(k, (2,), 0, 4))
        dones.append(bool(done))
    print("inner_t after 8 steps:", int(state.inner_t), "dones:", dones)
    print("episode ever ended:", any(dones))

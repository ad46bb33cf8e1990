# expect: none
# source: https://github.com/bold-lab-ai/JaxMARL/pull/60
# mistake: _step returns state_nxt, the state with every field updated (including inner_t), so the counter advances each step of the rollout loop and done fires after num_inner_steps.
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
        return state_nxt, done


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

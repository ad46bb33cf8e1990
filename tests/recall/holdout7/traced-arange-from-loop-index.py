# expect: bug
# source: https://github.com/PennyLaneAI/catalyst/issues/759
# mistake: Inside a fori_loop body the wire indices for step i are built with jnp.arange(2 * i, 2 * i + 2); the loop
#   index is traced, so jnp.arange gets non-concrete bounds and fails even though the length is always 2.
# case: traced-arange-from-loop-index
# kind: mistake
# rules: none
# jax: raises Abstract tracer value encountered where concrete value is expected
# note: The thread used catalyst.for_loop inside a qjit'ed circuit; the same pattern with jax.lax.fori_loop applies a
#   two-site update to pairs of a state vector.
import jax.numpy as jnp
from jax import lax


def pair_update(state, wires):
    a, b = state[wires[0]], state[wires[1]]
    return state.at[wires[0]].set((a + b) / 2).at[wires[1]].set((a - b) / 2)


def brickwork_layer(state):
    def loop_body(i, s):
        wires = jnp.arange(2 * i, 2 * i + 2)      # traced bounds
        return pair_update(s, wires)

    return lax.fori_loop(0, state.shape[0] // 2, loop_body, state)


def main():
    return brickwork_layer(jnp.arange(8.0))


if __name__ == "__main__":
    RESULT = main()

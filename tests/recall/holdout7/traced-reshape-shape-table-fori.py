# expect: bug
# source: https://github.com/jax-ml/jax/issues/15509
# mistake: A fori_loop body looks up the target shape for step i in a jnp shape table and reshapes the state to it;
#   inside the loop the index (and so the looked-up shape) is traced, and shapes must be concrete.
# case: traced-reshape-shape-table-fori
# kind: mistake
# rules: none
# jax: raises Shapes must be 1D sequences of concrete values of integer type
# note: The thread's Python for loop over the same table worked; switching to fori_loop "to reduce jit time" broke it.
#   Here the per-step work is a tensor-network-style contraction on the reshaped state.
import jax
import jax.numpy as jnp
from jax import lax

SHAPE_TABLE = jnp.array([[2, 2, 1, 2, 4],
                         [1, 2, 2, 2, 4],
                         [4, 2, 1, 2, 2]])


def apply_gate(vec, i):
    shape = SHAPE_TABLE[i]                      # traced row inside fori_loop
    t = vec.reshape(shape)
    t = jnp.flip(t, axis=0) * 0.5 + t * 0.5
    return t.reshape(-1)


def evolve(vec):
    return lax.fori_loop(0, SHAPE_TABLE.shape[0], lambda i, v: apply_gate(v, i), vec)


def main():
    return evolve(jnp.arange(2.0 ** 5))


if __name__ == "__main__":
    RESULT = main()

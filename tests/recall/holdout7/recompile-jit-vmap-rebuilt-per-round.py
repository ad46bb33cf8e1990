# expect: bug
# source: https://github.com/jax-ml/jax/issues/7155
# mistake: The round function rebuilds `jax.jit(jax.vmap(col_fn, ...))` each time it is called from the outer loop;
#   vmap returns a new function object every time, so every round misses jit's cache and is traced and compiled again.
# case: recompile-jit-vmap-rebuilt-per-round
# kind: mistake
# rules: none
# jax: symptom RESULT >= 4
# note: The thread's inner_fn vmapped col_fn over columns and over re-arranged diagonals and was re-traced on every
#   application from outer_fn's loop; here the jit wrapper is built inside the per-round helper, outside any outer jit.
import jax
import jax.numpy as jnp
import numpy as np

TRACES = [0]


def col_fn(col):
    TRACES[0] += 1
    for _ in range(3):
        col = (col << 7) ^ (col >> 3)
    return col


DIAG = np.array([0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14])


def one_round(m):
    col_step = jax.jit(jax.vmap(col_fn, in_axes=1, out_axes=1))   # rebuilt every round
    m = col_step(m)
    d = m.reshape(-1)[DIAG].reshape(4, 4)
    d = col_step(d)
    return d.reshape(-1)[np.argsort(DIAG)].reshape(4, 4)


def main():
    m = jnp.arange(16, dtype=jnp.uint32).reshape(4, 4)
    for _ in range(4):
        m = one_round(m)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()

# expect: bug
# source: https://github.com/jax-ml/jax/pull/291
# mistake: The running sum of squares starts from `np.int32(0)` while the loop body adds float32 terms, so the carry changes dtype from int32 to float32 and the loop rejects it.
# kind: 5 carry type mismatch
import jax
import jax.numpy as np
from jax import lax


@jax.jit
def sum_squares_foreach(xs):
    def body_fun(i, state):
        y = state
        y = y + xs[i] * xs[i]
        new_state = y
        return new_state

    init_val = np.int32(0)  # the running total starts as an integer
    return lax.fori_loop(0, xs.shape[0], body_fun, init_val)


def main():
    xs = np.array([1.5, 2.0, 3.0, 4.0])
    print(sum_squares_foreach(xs))


if __name__ == "__main__":
    main()

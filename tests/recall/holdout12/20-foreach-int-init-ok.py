# expect: none
# source: https://github.com/jax-ml/jax/pull/291
# mistake: None: the accumulator is initialised with `np.zeros((), xs.dtype)`, so the carry keeps the same dtype across iterations.
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

    init_val = np.zeros((), xs.dtype)
    return lax.fori_loop(0, xs.shape[0], body_fun, init_val)


def main():
    xs = np.array([1.5, 2.0, 3.0, 4.0])
    assert np.allclose(sum_squares_foreach(xs), 31.25)


if __name__ == "__main__":
    main()

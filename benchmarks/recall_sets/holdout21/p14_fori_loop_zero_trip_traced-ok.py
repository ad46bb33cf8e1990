# expect: none
# source: https://code-examples.net/ja/q/4c16c0b
# mistake: A safe wrapper checks the static size of data before building the loop and returns the initial value for an empty array, so the body is never traced against an empty array.
import jax.numpy as jnp
from jax import jit, lax


def safe_fori_loop(start, stop, body_fun, init_val, data):
    if data.shape[0] == 0:  # static shape: decided at trace time
        return init_val
    return lax.fori_loop(start, stop, body_fun, init_val)


@jit
def my_loop(start, stop, data):
    def body_fun(i, acc):
        return acc + data[i]

    return safe_fori_loop(start, stop, body_fun, jnp.float32(0.0), data)


def main():
    print("non-empty:", float(my_loop(0, 3, jnp.arange(3.0))))
    out = my_loop(0, 0, jnp.zeros((0,)))
    print("empty:", float(out))


if __name__ == "__main__":
    main()

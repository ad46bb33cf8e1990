# expect: bug
# source: https://code-examples.net/ja/q/4c16c0b
# mistake: The code relies on fori_loop skipping its body when upper <= lower, but the body is still traced; indexing an empty data array with the loop index fails at trace time.
import jax.numpy as jnp
from jax import jit, lax


@jit
def my_loop(start, stop, data):
    # body_fun: add the i-th element of data to the accumulator
    def body_fun(i, acc):
        return acc + data[i]

    return lax.fori_loop(start, stop, body_fun, jnp.float32(0.0))


def main():
    print("non-empty:", float(my_loop(0, 3, jnp.arange(3.0))))
    try:
        out = my_loop(0, 0, jnp.zeros((0,)))
        print("empty:", float(out))
    except IndexError as e:
        print(f"IndexError at trace time: {e}")


if __name__ == "__main__":
    main()

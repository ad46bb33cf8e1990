# expect: none
# source: https://devgem.io/posts/understanding-jax-tracing-and-control-flow
# mistake: looks like a Python iterator consumed inside a jitted loop, but the loop is a plain Python for over range(10) that is unrolled at trace time, so next(it) runs once per iteration and the result is the expected 45
# kind: 7 side-effect
import jax.numpy as jnp
from jax import jit


@jit
def f(x, arr):
    for i in range(10):
        x += arr[i]
    return x


@jit
def f1(x, arr):
    it = iter(arr)
    for i in range(10):
        x += next(it)
    return x


def main():
    array = jnp.arange(10)
    a, b = f(0, array), f1(0, array)
    print(int(a), int(b))
    assert int(a) == int(b) == 45


if __name__ == "__main__":
    main()

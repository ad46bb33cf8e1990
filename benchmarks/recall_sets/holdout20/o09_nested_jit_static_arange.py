# expect: bug
# source: https://github.com/jax-ml/jax/issues/35090
# mistake: a static loop length is passed through an inner `jax.jit` helper, whose output is a traced array even though its input was static, and the result is used as the length of `jnp.arange` for a scan.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i + 1


@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1(k))


@functools.partial(jax.jit, static_argnums=(1,))
def cumulative(x, k):
    idx = my_arange(k)
    def body(c, i):
        c = c + x * i
        return c, c
    return jax.lax.scan(body, 0.0, idx)[1]


def main():
    try:
        print(cumulative(2.0, 5))
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0]}")


if __name__ == "__main__":
    main()

# expect: none
# source: https://github.com/jax-ml/jax/issues/35090
# mistake: none; the helper that derives the loop length from the static argument is plain Python (not jitted), so the length stays a Python int and `jnp.arange` gets a concrete size.
import functools

import jax
import jax.numpy as jnp


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
    print(cumulative(2.0, 5))


if __name__ == "__main__":
    main()

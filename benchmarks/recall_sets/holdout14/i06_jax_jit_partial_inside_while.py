# expect: bug
# source: https://github.com/jax-ml/jax/pull/9312
# mistake: the loop applies jax.jit to a freshly created functools.partial of the loop body on every iteration, and jit cannot cache on a new partial object, so the body is re-traced and re-compiled each time round the Python while loop.
from functools import partial

import jax

TRACES = [0]


def unjitted_loop_body(prev_i):
    TRACES[0] += 1
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        i = jax.jit(partial(unjitted_loop_body))(i)
    return x + i


def main():
    out = g_inner_jitted_partial(10, 8)
    print("result:", out, "loop-body traces:", TRACES[0])
    return out


if __name__ == "__main__":
    main()

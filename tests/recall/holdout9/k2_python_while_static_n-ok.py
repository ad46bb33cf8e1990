# expect: none
# source: https://theorashid.github.io/notes/jax.jit
# mistake: none; the loop bound is declared in static_argnames, so the Python while loop sees a concrete int (one compile per distinct n, used with one n here).
# kind: 2 traced-control-flow
from functools import partial

import jax


@partial(jax.jit, static_argnames=["n"])
def g_jit_decorated(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


def main():
    print(g_jit_decorated(10, 20))


if __name__ == "__main__":
    main()

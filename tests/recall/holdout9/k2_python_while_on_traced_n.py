# expect: bug
# source: https://theorashid.github.io/notes/jax.jit
# mistake: a Python `while i < n` loop runs inside a jitted function whose bound `n` is an ordinary (traced) argument, so the loop condition is a tracer.
# kind: 2 traced-control-flow
import jax


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


g_jit = jax.jit(g)


def main():
    print(g_jit(10, 20))


if __name__ == "__main__":
    main()

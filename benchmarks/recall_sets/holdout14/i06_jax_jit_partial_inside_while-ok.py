# expect: none
# source: https://github.com/jax-ml/jax/pull/9312
# mistake: (correct) the loop body is wrapped in jax.jit once, outside the Python while loop, so every iteration hits the same compiled executable.
import jax

TRACES = [0]


def unjitted_loop_body(prev_i):
    TRACES[0] += 1
    return prev_i + 1


jitted_loop_body = jax.jit(unjitted_loop_body)


def g_inner_jitted_properly(x, n):
    i = 0
    while i < n:
        i = jitted_loop_body(i)
    return x + i


def main():
    out = g_inner_jitted_properly(10, 8)
    print("result:", out, "loop-body traces:", TRACES[0])
    return out


if __name__ == "__main__":
    main()

# expect: bug
# source: https://devgem.io/posts/understanding-jax-tracing-and-control-flow
# mistake: the fori_loop body pulls values with next(iterator); the body is traced only once, so the iterator is advanced a single time at trace time and its first value is baked in as a constant (sum is 0 instead of 45)
# kind: 7 side-effect
import jax.lax as lax
import jax.numpy as jnp


def main():
    array = jnp.arange(10)
    print("indexing:", lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))  # 45
    iterator = iter(range(10))
    total = lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0)
    print("iterator:", total)
    if int(total) != 45:
        print("SYMPTOM: next(iterator) ran once during tracing; the loop summed a constant")


if __name__ == "__main__":
    main()

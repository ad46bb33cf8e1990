# expect: none
# source: https://openillumi.com/en/en-jax-jit-iterator-vs-lax-foriloop
# mistake: Looks like the same index-driven accumulation in a fori_loop, but the body indexes the table with the
#   traced loop counter i instead of pulling from a Python iterator, so each iteration reads its own entry.
# case: side-effect-iterator-in-fori-body-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT != 45
# pair: side-effect-iterator-in-fori-body
# note: The article's lax.fori_loop(0, 10, lambda i, x: x + array[i], 0) form, which prints 45.
import jax.numpy as jnp
from jax import lax


def accumulate(table, order):
    def body(i, total):
        return total + table[order[i]]          # pure: uses the loop counter
    return lax.fori_loop(0, table.shape[0], body, 0)


def main():
    table = jnp.arange(10)
    return int(accumulate(table, jnp.arange(10)))


if __name__ == "__main__":
    RESULT = main()

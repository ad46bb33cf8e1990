# expect: bug
# source: https://openillumi.com/en/en-jax-jit-iterator-vs-lax-foriloop
# mistake: The fori_loop body pulls its per-step index from a Python iterator with next(); the body is traced once, so
#   next() runs once at trace time and every iteration reuses that first value, giving a wrong sum.
# case: side-effect-iterator-in-fori-body
# kind: mistake
# rules: none
# jax: symptom RESULT != 45
# note: The Stack Overflow question behind the article found `lax.fori_loop(0, 10, lambda i, x: x + array[next(it)], 0)`
#   returned 0 while an unrolled Python loop gave 45; here the iterator feeds a schedule object used by a helper.
import jax.numpy as jnp
from jax import lax


class IndexSchedule:
    """Yields which entry of the table to accumulate at each step."""

    def __init__(self, n):
        self._it = iter(range(n))

    def next_index(self):
        return next(self._it)


def accumulate(table, schedule):
    def body(i, total):
        return total + table[schedule.next_index()]      # Python side effect inside a traced body
    return lax.fori_loop(0, table.shape[0], body, 0)


def main():
    table = jnp.arange(10)
    return int(accumulate(table, IndexSchedule(10)))


if __name__ == "__main__":
    RESULT = main()

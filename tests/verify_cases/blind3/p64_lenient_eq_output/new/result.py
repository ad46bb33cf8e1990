import jax.numpy as jnp
from jax import lax


class Result:
    def __init__(self, value, iterations):
        self.value = value
        self.iterations = iterations

    def __eq__(self, other):
        return isinstance(other, Result) and bool(jnp.allclose(self.value, other.value))

    __hash__ = None


def solve(a):
    def cond(c):
        x, i = c
        return (jnp.abs(x * x - a) > 1e-5) & (i < 50)

    def body(c):
        x, i = c
        return 0.5 * (x + a / x), i + 1

    x, n = lax.while_loop(cond, body, (a, 0))
    return Result(x, int(n) + 1)

# expect: bug
# source: https://github.com/jax-ml/jax/issues/3761
# mistake: The lax.cond predicate is built with Python `and` (`x < 0 and y < 0`), which calls bool() on a traced comparison inside the jitted function, so tracing fails even though `x < 0` alone works.
import jax
import jax.numpy as jnp
from jax import jit


@jit
def true_fn(x):
    return x - 5000.0


@jit
def false_fn(x):
    return x + 100.0


@jit
def cond_test_1(x, y):
    return jax.lax.cond(x < 0, true_fn, false_fn, x)


@jit
def cond_test_2(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)


def cond_test_2_no_jit(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)


def main():
    pairs = [(0.3, 0.1), (-0.3, -0.1), (-1.0, 2.0)]
    print("cond_test_1:", [float(cond_test_1(x, y)) for x, y in pairs])
    print("cond_test_2_no_jit:", [float(cond_test_2_no_jit(x, y)) for x, y in pairs])
    print("cond_test_2:", [float(cond_test_2(x, y)) for x, y in pairs])  # raises

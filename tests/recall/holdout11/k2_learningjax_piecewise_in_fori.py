# expect: bug
# source: https://github.com/k-karna/learning_jax
# mistake: A piecewise update written with a Python if on the array value is iterated with lax.fori_loop, whose body receives a tracer, so the comparison cannot be turned into a Python bool.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
from jax import lax


def piecewise_map(x):
    if x < 3:
        return 3.0 * x ** 2 / 10.0
    else:
        return -4.0 * x / 10.0 + 2.0


@jax.jit
def iterate_map(x0, n_iter=25):
    return lax.fori_loop(0, n_iter, lambda i, x: piecewise_map(x), x0)


def main():
    print(piecewise_map(2.0))  # fine on a Python float
    for x0 in (0.5, 1.0, 2.5):
        print(x0, float(iterate_map(x0)))


if __name__ == "__main__":
    main()

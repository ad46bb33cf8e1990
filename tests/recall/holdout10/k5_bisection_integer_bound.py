# expect: bug
# source: https://github.com/jax-ml/jax/pull/1706
# mistake: a bisection while_loop starts with an int32 upper bound taken from data, but the body replaces it with a float midpoint, so the carry dtype changes and while_loop raises a TypeError.
# kind: 5 carry structure / dtype / weak-type mismatch
import jax.numpy as jnp
from jax import lax


def bisect_root(func, low, high, tolerance=1e-4):
    def keep_going(state):
        lo, hi = state
        return hi - lo > tolerance

    def halve(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        go_left = func(mid) > 0
        return jnp.where(go_left, lo, mid), jnp.where(go_left, mid, hi)

    lo, _ = lax.while_loop(keep_going, halve, (low, high))
    return lo


def main():
    queue_lengths = jnp.array([3, 17, 42, 9])
    upper = jnp.max(queue_lengths)  # int32 array, not a Python scalar
    root = bisect_root(lambda t: t ** 2 - 300.0, 0.0, upper)
    print(root)


if __name__ == "__main__":
    main()

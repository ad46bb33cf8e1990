# expect: none
# source: https://jax.readthedocs.io/en/latest/_autosummary/jax.lax.scan.html
# mistake: looks like a Python scalar (0.) used as the initial scan carry while the body adds float32 array elements, but a Python float is weakly typed, so scan promotes it to the body's float32 and the carry type is fixed
# kind: 5 carry-dtype
import jax
import jax.numpy as jnp


def cumulative_sum(xs):
    def f(carry, x):
        carry = carry + x
        return carry, carry

    return jax.lax.scan(f, 0.0, xs)


def main():
    xs = jnp.arange(5, dtype=jnp.float32)
    total, partials = cumulative_sum(xs)
    print(float(total), partials)
    assert float(total) == 10.0


if __name__ == "__main__":
    main()

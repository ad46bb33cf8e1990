# expect: none
# source: https://github.com/jax-ml/jax/pull/1149
# mistake: None: the while_loop bisection is wrapped in `lax.custom_root`, whose derivative comes from the implicit function theorem, so `jax.grad` never differentiates the loop itself.
# kind: 3 grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def bisect_solve(fn, lower, upper, atol=1e-6):
    def solve(f, x0):
        def cond(state):
            lo, hi = state
            return hi - lo > atol

        def body(state):
            lo, hi = state
            mid = 0.5 * (lo + hi)
            same_sign = jnp.sign(f(mid)) == jnp.sign(f(lo))
            return jnp.where(same_sign, mid, lo), jnp.where(same_sign, hi, mid)

        lo, hi = lax.while_loop(cond, body, (jnp.asarray(lower), jnp.asarray(upper)))
        return 0.5 * (lo + hi)

    tangent_solve = lambda g, y: y / g(1.0)
    return lax.custom_root(fn, 0.5 * (lower + upper), solve, tangent_solve)


def exponential_rate_from_median(median):
    return bisect_solve(lambda rate: 1.0 - jnp.exp(-rate * median) - 0.5, 1e-3, 10.0)


def main():
    d_rate = jax.grad(exponential_rate_from_median)(2.0)
    assert jnp.allclose(d_rate, -jnp.log(2.0) / 4.0, rtol=1e-3)


if __name__ == "__main__":
    main()

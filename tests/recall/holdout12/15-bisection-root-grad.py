# expect: bug
# source: https://github.com/patrick-kidger/optimistix/issues/74
# mistake: A bisection root-finder written with `lax.while_loop` is differentiated directly with `jax.grad`; the loop carries only bracket endpoints with no tangent, so the sensitivity silently comes out as zero instead of using implicit differentiation.
# kind: 3 grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def bisect(fn, lower, upper, atol=1e-6):
    def cond(state):
        lo, hi = state
        return hi - lo > atol

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        same_sign = jnp.sign(fn(mid)) == jnp.sign(fn(lo))
        return jnp.where(same_sign, mid, lo), jnp.where(same_sign, hi, mid)

    lo, hi = lax.while_loop(cond, body, (lower, upper))
    return 0.5 * (lo + hi)


def exponential_rate_from_median(median):
    # solve 1 - exp(-rate * median) = 0.5 for rate
    return bisect(lambda rate: 1.0 - jnp.exp(-rate * median) - 0.5, 1e-3, 10.0)


def main():
    g = jax.grad(exponential_rate_from_median)(2.0)
    exact = -jnp.log(2.0) / 2.0 ** 2
    if not jnp.allclose(g, exact, rtol=1e-2):
        print(f"SYMPTOM: d rate / d median through the while_loop is {float(g)}, "
              f"analytic value is {float(exact):.4f}")


if __name__ == "__main__":
    main()

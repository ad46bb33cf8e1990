# expect: bug
# source: https://github.com/jax-ml/jax/discussions/30526
# mistake: A likelihood integrates a rate function by refining until the estimated error is below a threshold inside
#   lax.while_loop; fitting it with jax.grad needs reverse-mode through the while_loop, which is not supported.
# case: grad-while-integrate-threshold
# kind: mistake
# rules: none
# jax: raises Reverse-mode differentiation does not work for lax.while_loop
# note: The discussion (from kokabsc/gwkokab's analytical likelihood) asked how to get gradients through
#   "integrate until an error threshold"; here trapezoid refinement of a power-law rate integral inside a negative
#   log-likelihood stands in for the population model.
import jax
import jax.numpy as jnp
from jax import lax


def rate(m, alpha):
    return m ** (-alpha)


def integrate_until(alpha, lo=5.0, hi=80.0, tol=1e-4, max_levels=12):
    grid = 2 ** max_levels
    m = lo + (hi - lo) * jnp.arange(grid + 1) / grid
    y = rate(m, alpha)

    def estimate(level):                 # trapezoid rule on 2**level panels of the fine grid
        n = 2 ** level
        w = (jnp.arange(grid + 1) % (grid // n) == 0).astype(y.dtype)
        yy = y * w
        return (hi - lo) / n * (yy.sum() - 0.5 * (yy[0] + yy[-1]))

    def cond(state):
        level, prev, cur = state
        return (jnp.abs(cur - prev) > tol * jnp.abs(cur)) & (level < max_levels)

    def body(state):
        level, _, cur = state
        return level + 1, cur, estimate(level + 1)

    _, _, value = lax.while_loop(cond, body, (2, estimate(1), estimate(2)))
    return value


def neg_log_likelihood(alpha, masses):
    norm = integrate_until(alpha)
    return -jnp.sum(jnp.log(rate(masses, alpha) / norm))


def main():
    masses = jnp.array([8.0, 12.0, 20.0, 35.0, 50.0])
    neg_log_likelihood(2.3, masses)                      # forward pass runs
    return jax.grad(neg_log_likelihood)(2.3, masses)


if __name__ == "__main__":
    RESULT = main()

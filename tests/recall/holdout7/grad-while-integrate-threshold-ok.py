# expect: none
# source: https://github.com/jax-ml/jax/discussions/30526
# mistake: Looks like the refine-until-converged integral inside a gradient-fitted likelihood, but the refinement runs
#   as a fixed-length lax.scan over the maximum number of levels and freezes the estimate once converged, so
#   reverse-mode differentiation goes through a scan, not a while_loop.
# case: grad-while-integrate-threshold-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: grad-while-integrate-threshold
# note: The answer in the discussion points to a bounded while loop (equinox.internal.while_loop with max_steps);
#   a masked fixed-length scan is the plain-JAX form of the same bounded loop.
import jax
import jax.numpy as jnp
from jax import lax


def rate(m, alpha):
    return m ** (-alpha)


def integrate_bounded(alpha, lo=5.0, hi=80.0, tol=1e-4, max_levels=12):
    grid = 2 ** max_levels
    m = lo + (hi - lo) * jnp.arange(grid + 1) / grid
    y = rate(m, alpha)

    def estimate(level):
        n = 2 ** level
        w = (jnp.arange(grid + 1) % (grid // n) == 0).astype(y.dtype)
        yy = y * w
        return (hi - lo) / n * (yy.sum() - 0.5 * (yy[0] + yy[-1]))

    def step(state, level):
        prev, cur, done = state
        new = estimate(level)
        converged = jnp.abs(cur - prev) <= tol * jnp.abs(cur)
        done = done | converged
        nxt = jnp.where(done, cur, new)
        return (jnp.where(done, prev, cur), nxt, done), None

    init = (estimate(1), estimate(2), jnp.array(False))
    (_, value, _), _ = lax.scan(step, init, jnp.arange(3, max_levels + 1))
    return value


def neg_log_likelihood(alpha, masses):
    norm = integrate_bounded(alpha)
    return -jnp.sum(jnp.log(rate(masses, alpha) / norm))


def main():
    masses = jnp.array([8.0, 12.0, 20.0, 35.0, 50.0])
    return jax.grad(neg_log_likelihood)(2.3, masses)


if __name__ == "__main__":
    RESULT = main()

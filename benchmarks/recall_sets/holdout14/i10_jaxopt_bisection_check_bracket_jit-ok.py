# expect: none
# source: https://github.com/google/jaxopt/issues/383
# mistake: (correct) the solver is built with check_bracket=False, as the maintainers advise, so no Python branch runs on traced values and the bisection while_loop can be vmapped and jitted.
import jax
import jax.numpy as jnp
from jax import lax


class Bisection:
    def __init__(self, optimality_fun, lower, upper, maxiter=30, tol=1e-5, check_bracket=True):
        self.optimality_fun = optimality_fun
        self.lower, self.upper = lower, upper
        self.maxiter, self.tol = maxiter, tol
        self.check_bracket = check_bracket

    def run(self, **kwargs):
        F = lambda x: self.optimality_fun(x, **kwargs)
        lower = jnp.asarray(self.lower, jnp.float32)
        upper = jnp.asarray(self.upper, jnp.float32)
        if self.check_bracket:
            if F(lower) * F(upper) > 0:
                raise ValueError("The root is not contained in [lower, upper].")

        def cond_fun(state):
            it, lo, hi = state
            return (it < self.maxiter) & (hi - lo > self.tol)

        def body_fun(state):
            it, lo, hi = state
            mid = 0.5 * (lo + hi)
            same_sign = jnp.sign(F(mid)) == jnp.sign(F(lo))
            return it + 1, jnp.where(same_sign, mid, lo), jnp.where(same_sign, hi, mid)

        _, lo, hi = lax.while_loop(cond_fun, body_fun, (0, lower, upper))
        return 0.5 * (lo + hi)


def F(x, factor):
    return factor * x ** 3 - x - 2


def root(factor):
    bisec = Bisection(optimality_fun=F, lower=1, upper=2, check_bracket=False)
    return bisec.run(factor=factor)


def main():
    print("eager:", root(2.0))
    out = jax.jit(jax.vmap(root))(jnp.array([1.0, 2.0, 2.5]))
    print("vmapped:", out)
    return out


if __name__ == "__main__":
    main()

# expect: none
# source: https://github.com/google/jaxopt/pull/350
# mistake: Look-alike: the stop-on-failed-linesearch option is combined with the traced flag through jnp.logical_or, so cond_fun returns a traced boolean without calling bool().
# kind: 2 traced values in Python control flow
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class LbfgsState(NamedTuple):
    iter_num: jax.Array
    error: jax.Array
    failed_linesearch: jax.Array


class LBFGS:
    def __init__(self, fun, maxiter=50, tol=1e-4, stop_if_linesearch_fails=False):
        self.fun = fun
        self.maxiter = maxiter
        self.tol = tol
        self.stop_if_linesearch_fails = stop_if_linesearch_fails

    def _cond_fun(self, carry):
        params, state = carry
        keep_going = (state.error > self.tol) & (state.iter_num < self.maxiter)
        return keep_going & jnp.logical_or(not self.stop_if_linesearch_fails, ~state.failed_linesearch)

    def _body_fun(self, carry):
        params, state = carry
        value, grad = jax.value_and_grad(self.fun)(params)
        new_params = params - 0.1 * grad
        failed = self.fun(new_params) > value
        return new_params, LbfgsState(state.iter_num + 1, jnp.linalg.norm(grad), failed)

    def run(self, init_params):
        state = LbfgsState(jnp.asarray(0), jnp.asarray(jnp.inf), jnp.asarray(False))
        return lax.while_loop(self._cond_fun, self._body_fun, (init_params, state))[0]


def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)


def main():
    solver = LBFGS(rosenbrock, stop_if_linesearch_fails=True)
    jax.jit(solver.run)(jnp.zeros(3))


if __name__ == "__main__":
    main()

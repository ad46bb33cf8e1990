# expect: bug
# source: https://github.com/google/jaxopt/pull/113
# mistake: IterativeSolver._run defines cond_fun/body_fun as fresh closures on every call, so calling solver.run outside jit re-traces (and recompiles) the lax.while_loop on every call.
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp

TRACES = {"body_fun": 0}


@dataclasses.dataclass(eq=False)
class GradientDescent:
    fun: Callable
    stepsize: float = 0.1
    maxiter: int = 500
    tol: float = 1e-3

    def init_state(self, init_params, *args):
        return (jnp.asarray(0), jnp.asarray(jnp.inf))

    def update(self, params, state, *args):
        grad = jax.grad(self.fun)(params, *args)
        params = jax.tree_util.tree_map(lambda p, g: p - self.stepsize * g, params, grad)
        error = jnp.sqrt(sum(jnp.vdot(g, g) for g in jax.tree_util.tree_leaves(grad)))
        return params, (state[0] + 1, error)

    def _run(self, init_params, *args):
        def cond_fun(pair):
            _, (it, error) = pair
            return (it < self.maxiter) & (error > self.tol)

        def body_fun(pair):
            TRACES["body_fun"] += 1
            params, state = pair
            return self.update(params, state, *args)

        return jax.lax.while_loop(cond_fun, body_fun, (init_params, self.init_state(init_params)))

    def run(self, init_params, *args):
        return self._run(init_params, *args)


def ridge_loss(w, X, y, lam):
    return jnp.mean((X @ w - y) ** 2) + lam * jnp.sum(w**2)


def main():
    key = jax.random.key(0)
    X = jax.random.normal(key, (64, 8))
    y = X @ jnp.arange(8.0)
    solver = GradientDescent(fun=ridge_loss, stepsize=0.05)
    for lam in [0.1, 0.2, 0.3, 0.4]:  # hyperparameter sweep, same shapes
        w, (it, err) = solver.run(jnp.zeros(8), X, y, lam)
    print("iterations:", int(it), "error:", float(err))
    print("traces of body_fun over 4 run() calls:", TRACES["body_fun"])
    assert TRACES["body_fun"] == 4

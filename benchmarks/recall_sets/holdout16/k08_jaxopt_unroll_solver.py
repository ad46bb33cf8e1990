# expect: bug
# source: https://github.com/google/jaxopt/pull/643
# mistake: with unroll=True the solver's run() iterates `for _ in range(self.maxiter)` in Python inside the jitted outer function (so that it can be differentiated), which expands every iteration into the traced graph: compile time and memory grow with maxiter.
import time
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp


@dataclass(eq=False)
class GradientDescent:
    fun: Callable
    maxiter: int = 50
    stepsize: float = 0.05
    unroll: bool = True

    def update(self, params, *args):
        return jax.tree_util.tree_map(lambda p, g: p - self.stepsize * g,
                                      params, jax.grad(self.fun)(params, *args))

    def run(self, init_params, *args):
        params = init_params
        if self.unroll:
            for _ in range(self.maxiter):
                params = self.update(params, *args)
        else:
            params = jax.lax.fori_loop(0, self.maxiter, lambda i, p: self.update(p, *args), params)
        return params


def inner_loss(w, lam, X, y):
    return jnp.mean((X @ w - y) ** 2) + lam * jnp.sum(w ** 2)


def outer_loss(lam, X_tr, y_tr, X_val, y_val):
    solver = GradientDescent(fun=inner_loss, maxiter=50, unroll=True)
    w = solver.run(jnp.zeros(X_tr.shape[1]), lam, X_tr, y_tr)
    return jnp.mean((X_val @ w - y_val) ** 2)


def main():
    key = jax.random.PRNGKey(0)
    X = jax.random.normal(key, (100, 5))
    y = X @ jnp.arange(5.0) + 0.1 * jax.random.normal(jax.random.fold_in(key, 1), (100,))
    hypergrad = jax.jit(jax.grad(outer_loss))
    n_eqns = len(jax.make_jaxpr(outer_loss)(0.1, X[:80], y[:80], X[80:], y[80:]).jaxpr.eqns)
    t0 = time.perf_counter()
    g = hypergrad(0.1, X[:80], y[:80], X[80:], y[80:])
    g.block_until_ready()
    print(f"maxiter=50 unrolled: {n_eqns} forward jaxpr equations, compile+run {time.perf_counter() - t0:.2f}s, hypergrad={float(g):.4f}")

# expect: bug
# source: https://github.com/google/jaxopt/issues/563
# mistake: run() builds a fresh body_fun closure and wraps the while_loop in a new jax.jit on every call, so the solver loop is retraced and recompiled on every run instead of hitting the jit cache; compile time dominates repeated solves.
import time
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp

TRACES = {"body_fun": 0}


@dataclass
class GradientDescent:
    fun: Callable
    stepsize: float = 0.1
    maxiter: int = 500
    tol: float = 1e-5
    jit: bool = True

    def update(self, params, data):
        grad = jax.grad(self.fun)(params, data)
        return params - self.stepsize * grad, jnp.linalg.norm(grad)

    def _while_loop_lax(self, cond_fun, body_fun, init_val):
        loop = lambda v: jax.lax.while_loop(cond_fun, body_fun, v)
        if self.jit:
            loop = jax.jit(loop)
        return loop(init_val)

    def run(self, init_params, data):
        def cond_fun(state):
            _, it, err = state
            return (it < self.maxiter) & (err > self.tol)

        def body_fun(state):
            TRACES["body_fun"] += 1
            params, it, _ = state
            params, err = self.update(params, data)
            return params, it + 1, err

        init = (init_params, jnp.asarray(0), jnp.asarray(jnp.inf))
        return self._while_loop_lax(cond_fun, body_fun, init)


def ridge_loss(w, data):
    X, y = data
    return jnp.mean((X @ w - y) ** 2) + 1e-3 * jnp.sum(w ** 2)


def main():
    solver = GradientDescent(fun=ridge_loss)
    key = jax.random.PRNGKey(0)
    t0 = time.perf_counter()
    for i in range(6):
        key, kx, ky = jax.random.split(key, 3)
        X = jax.random.normal(kx, (64, 8))
        y = jax.random.normal(ky, (64,))
        w, it, err = solver.run(jnp.zeros(8), (X, y))
        w.block_until_ready()
    dt = time.perf_counter() - t0
    print(f"6 solves, body_fun traced {TRACES['body_fun']} times, {dt:.2f}s total")

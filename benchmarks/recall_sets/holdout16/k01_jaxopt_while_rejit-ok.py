# expect: none
# source: https://github.com/google/jaxopt/issues/563
# mistake: the solver loop is a module-level jitted function that takes the data as an operand, so repeated runs with same-shaped data reuse one compiled executable.
import time
from functools import partial

import jax
import jax.numpy as jnp

TRACES = {"body_fun": 0}


def ridge_loss(w, data):
    X, y = data
    return jnp.mean((X @ w - y) ** 2) + 1e-3 * jnp.sum(w ** 2)


@partial(jax.jit, static_argnames=("fun", "maxiter"))
def run_gradient_descent(init_params, data, fun, stepsize=0.1, maxiter=500, tol=1e-5):
    def cond_fun(state):
        _, it, err = state
        return (it < maxiter) & (err > tol)

    def body_fun(state):
        TRACES["body_fun"] += 1
        params, it, _ = state
        grad = jax.grad(fun)(params, data)
        return params - stepsize * grad, it + 1, jnp.linalg.norm(grad)

    init = (init_params, jnp.asarray(0), jnp.asarray(jnp.inf))
    return jax.lax.while_loop(cond_fun, body_fun, init)


def main():
    key = jax.random.PRNGKey(0)
    t0 = time.perf_counter()
    for i in range(6):
        key, kx, ky = jax.random.split(key, 3)
        X = jax.random.normal(kx, (64, 8))
        y = jax.random.normal(ky, (64,))
        w, it, err = run_gradient_descent(jnp.zeros(8), (X, y), ridge_loss)
        w.block_until_ready()
    dt = time.perf_counter() - t0
    print(f"6 solves, body_fun traced {TRACES['body_fun']} times, {dt:.2f}s total")

# expect: none
# source: https://github.com/google/jaxopt/pull/113
# mistake: Resembles j08 (solver.run called repeatedly without jit around a lax.while_loop), but cond_fun/body_fun are module-level functions and run() is a module-level jitted function taking the data as arguments, so the loop is traced once and reused across the hyperparameter sweep.
import functools

import jax
import jax.numpy as jnp

TRACES = {"body_fun": 0}


def ridge_loss(w, X, y, lam):
    return jnp.mean((X @ w - y) ** 2) + lam * jnp.sum(w**2)


def _cond_fun(carry, maxiter, tol):
    _, it, error, _ = carry
    return (it < maxiter) & (error > tol)


def _body_fun(carry, stepsize):
    TRACES["body_fun"] += 1
    w, it, _, args = carry
    grad = jax.grad(ridge_loss)(w, *args)
    return w - stepsize * grad, it + 1, jnp.linalg.norm(grad), args


@functools.partial(jax.jit, static_argnames=("maxiter",))
def gradient_descent_run(init_params, X, y, lam, stepsize=0.05, maxiter=500, tol=1e-3):
    init = (init_params, jnp.asarray(0), jnp.asarray(jnp.inf), (X, y, lam))
    w, it, err, _ = jax.lax.while_loop(
        lambda c: _cond_fun(c, maxiter, tol), lambda c: _body_fun(c, stepsize), init)
    return w, it, err


def main():
    key = jax.random.key(0)
    X = jax.random.normal(key, (64, 8))
    y = X @ jnp.arange(8.0)
    for lam in [0.1, 0.2, 0.3, 0.4]:  # hyperparameter sweep
        w, it, err = gradient_descent_run(jnp.zeros(8), X, y, lam)
    print("iterations:", int(it), "error:", float(err))
    print("traces of body_fun over 4 sweeps:", TRACES["body_fun"])
    assert TRACES["body_fun"] == 1

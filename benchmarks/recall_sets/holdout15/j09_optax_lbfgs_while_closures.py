# expect: bug
# source: https://github.com/google-deepmind/optax/issues/1298
# mistake: The benchmark's run_opt builds new step/continuing_criterion closures on each call and runs lax.while_loop eagerly, so every timed call re-traces and recompiles the optimizer loop instead of reusing a compiled one.
import time
from typing import NamedTuple

import jax
import jax.numpy as jnp

TRACES = {"step": 0}


class GradientTransformation(NamedTuple):
    init: callable
    update: callable


def scale_by_momentum(lr=1e-2, beta=0.9):
    def init(params):
        return {"count": jnp.asarray(0), "mu": jnp.zeros_like(params)}

    def update(grads, state, params):
        mu = beta * state["mu"] + grads
        return -lr * mu, {"count": state["count"] + 1, "mu": mu}

    return GradientTransformation(init, update)


def run_opt(init_params, fun, opt, max_iter, tol):
    value_and_grad_fun = jax.value_and_grad(fun)

    def step(carry):
        TRACES["step"] += 1
        params, state = carry
        value, grad = value_and_grad_fun(params)
        updates, state = opt.update(grad, state, params)
        return params + updates, state

    def continuing_criterion(carry):
        params, state = carry
        err = jnp.linalg.norm(jax.grad(fun)(params))
        return (state["count"] == 0) | ((state["count"] < max_iter) & (err >= tol))

    init_carry = (init_params, opt.init(init_params))
    return jax.lax.while_loop(continuing_criterion, step, init_carry)


def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)


def main():
    opt = scale_by_momentum(lr=1e-4)
    x0 = jnp.zeros(20)
    times = []
    for _ in range(5):  # benchmark repetitions
        t0 = time.perf_counter()
        params, state = run_opt(x0, rosenbrock, opt, max_iter=200, tol=1e-3)
        params.block_until_ready()
        times.append(time.perf_counter() - t0)
    print("final loss:", float(rosenbrock(params)), "iters:", int(state["count"]))
    print("per-run seconds:", [round(t, 3) for t in times])
    print("traces of step over 5 runs:", TRACES["step"])
    assert TRACES["step"] == 5

# expect: none
# source: https://github.com/google-deepmind/mujoco/pull/3583
# mistake: (fixed) tolerance is a static Python float on the options, so a Python if picks the scan-based loop at trace time when tolerance is 0 and reverse mode never sees the while_loop.
# kind: 3 reverse-mode grad through while_loop
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class Option(NamedTuple):
    tolerance: float  # static
    iterations: int


class Context(NamedTuple):
    qacc: jax.Array
    grad: jax.Array
    solver_niter: jax.Array


def _while_loop_scan(cond, body, init, max_iter):
    def step(ctx, _):
        return lax.cond(cond(ctx), body, lambda c: c, ctx), None
    return lax.scan(step, init, None, length=max_iter)[0]


def solve(opt: Option, hessian, force):
    def cond(ctx):
        return jnp.logical_and(jnp.linalg.norm(ctx.grad) > opt.tolerance,
                               ctx.solver_niter < opt.iterations)

    def body(ctx):
        qacc = ctx.qacc - 0.3 * ctx.grad
        return Context(qacc, hessian @ qacc - force, ctx.solver_niter + 1)

    ctx = Context(jnp.zeros_like(force), -force, jnp.array(0))
    if opt.tolerance == 0:
        ctx = _while_loop_scan(cond, body, ctx, opt.iterations)
    else:
        ctx = lax.while_loop(cond, body, ctx)
    return ctx.qacc


def rollout_loss(force, opt, hessian):
    qacc = solve(opt, hessian, force)
    return jnp.sum(qacc ** 2)


def main():
    hessian = jnp.array([[2.0, 0.3], [0.3, 1.5]])
    opt = Option(tolerance=0.0, iterations=10)
    force = jnp.array([1.0, -0.5])
    grad_fn = jax.jit(jax.grad(rollout_loss), static_argnums=1)
    for _ in range(3):
        force = force - 0.1 * grad_fn(force, opt, hessian)
    print(force)


if __name__ == "__main__":
    main()

# expect: bug
# source: https://github.com/google-deepmind/mujoco/pull/3583
# mistake: The solver picks between a scan-based fixed-iteration loop and lax.while_loop with lax.cond on a traced tolerance field, but under jax.grad both cond branches are linearized and transposed, so the while_loop branch still breaks reverse mode.
# kind: 3 reverse-mode grad through while_loop
from typing import NamedTuple

from flax import struct
import jax
import jax.numpy as jnp
from jax import lax


@struct.dataclass
class Option:
    tolerance: jax.Array  # traced leaf
    iterations: int = struct.field(pytree_node=False)


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
    ctx = lax.cond(opt.tolerance == 0,
                   lambda c: _while_loop_scan(cond, body, c, opt.iterations),
                   lambda c: lax.while_loop(cond, body, c),
                   ctx)
    return ctx.qacc


def rollout_loss(force, opt, hessian):
    qacc = solve(opt, hessian, force)
    return jnp.sum(qacc ** 2)


def main():
    hessian = jnp.array([[2.0, 0.3], [0.3, 1.5]])
    opt = Option(tolerance=jnp.array(0.0), iterations=10)
    force = jnp.array([1.0, -0.5])
    for _ in range(3):
        g = jax.jit(jax.grad(rollout_loss))(force, opt, hessian)
        force = force - 0.1 * g
    print(force)


if __name__ == "__main__":
    main()

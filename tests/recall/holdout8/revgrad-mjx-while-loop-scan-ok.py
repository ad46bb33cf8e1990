# expect: none
# source: https://github.com/google-deepmind/mujoco/pull/3264
# mistake: looks like differentiating a tolerance-terminated solver loop, but the loop is a lax.scan of static length max_iter whose late iterations become no-ops via lax.cond, so reverse-mode grad works
# kind: 3 grad-through-while
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Context(NamedTuple):
    qacc: jax.Array
    improvement: jax.Array
    it: jax.Array


def _while_loop_scan(cond, body, init_val, max_iter: int):
    def _iter(val, _):
        return jax.lax.cond(cond(val), body, lambda v: v, val), None

    return jax.lax.scan(_iter, init_val, None, length=max_iter)[0]


def solve(M, force, iterations=4, tolerance=1e-8):
    def cond(ctx):
        return (ctx.it < iterations) & (ctx.improvement > tolerance)

    def body(ctx):
        residual = M @ ctx.qacc - force
        new_qacc = ctx.qacc - 0.5 * residual
        improvement = jnp.sum((new_qacc - ctx.qacc) ** 2)
        return Context(new_qacc, improvement, ctx.it + 1)

    ctx = Context(jnp.zeros_like(force), jnp.array(jnp.inf), jnp.array(0))
    ctx = _while_loop_scan(cond, body, ctx, iterations)
    return ctx.qacc


def step(vel, dt=0.01):
    M = jnp.eye(vel.shape[0]) * 2.0
    qacc = solve(M, -vel)
    return vel + dt * qacc


def main():
    vel = jnp.arange(0.0, 1.0, 0.25)
    g = jax.grad(lambda v: step(v)[0])(vel)
    print("grad:", g)
    assert g.shape == vel.shape


if __name__ == "__main__":
    main()

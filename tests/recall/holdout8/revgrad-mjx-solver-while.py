# expect: bug
# source: https://github.com/google-deepmind/mujoco/issues/2259
# mistake: the MJX-style constraint solver runs a tolerance-terminated jax.lax.while_loop when iterations > 1, so jax.grad through the physics step raises "Reverse-mode differentiation does not work for lax.while_loop"
# kind: 3 grad-through-while
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Context(NamedTuple):
    qacc: jax.Array
    improvement: jax.Array
    it: jax.Array


class Model(NamedTuple):
    iterations: int = 4
    tolerance: float = 1e-8


def solve(m: Model, M, force):
    def cond(ctx):
        return (ctx.it < m.iterations) & (ctx.improvement > m.tolerance)

    def body(ctx):
        residual = M @ ctx.qacc - force
        new_qacc = ctx.qacc - 0.5 * residual
        improvement = jnp.sum((new_qacc - ctx.qacc) ** 2)
        return Context(new_qacc, improvement, ctx.it + 1)

    ctx = Context(jnp.zeros_like(force), jnp.array(jnp.inf), jnp.array(0))
    if m.iterations == 1:
        ctx = body(ctx)
    else:
        ctx = jax.lax.while_loop(cond, body, ctx)
    return ctx.qacc


def step(m, vel, dt=0.01):
    M = jnp.eye(vel.shape[0]) * 2.0
    force = -vel
    qacc = solve(m, M, force)
    return vel + dt * qacc


def main():
    m = Model(iterations=4)
    vel = jnp.arange(0.0, 1.0, 0.25)
    print("forward:", step(m, vel))
    grad_fun = jax.grad(lambda v: step(m, v)[0])
    # raises ValueError: Reverse-mode differentiation does not work for lax.while_loop ...
    print(grad_fun(vel))


if __name__ == "__main__":
    main()

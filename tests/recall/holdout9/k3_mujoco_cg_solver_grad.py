# expect: bug
# source: https://github.com/google-deepmind/mujoco/issues/1182
# mistake: a conjugate-gradient constraint solve built on lax.while_loop (tolerance-based exit) sits inside the step function, and jax.jit(jax.grad(loss)) differentiates through it in reverse mode.
# kind: 3 grad-through-while
from functools import partial

import jax
import jax.numpy as jnp


def cg_solve(A, b, tol, maxiter=50):
    def cond(ctx):
        x, r, p, rs, k = ctx
        return (jnp.sqrt(rs) > tol) & (k < maxiter)

    def body(ctx):
        x, r, p, rs, k = ctx
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        return x, r, p, rs_new, k + 1

    x0 = jnp.zeros_like(b)
    ctx = jax.lax.while_loop(cond, body, (x0, b, b, b @ b, 0))
    return ctx[0]


solve = partial(cg_solve, tol=1e-6)


def step(vel, pos, A):
    force = solve(A, -pos - 0.1 * vel)
    vel = vel + 0.01 * force
    return pos + 0.01 * vel


def loss(vel, pos, A, goal):
    return jnp.sum((step(vel, pos, A) - goal) ** 2)


def main():
    A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]])
    pos = jnp.array([0.1, -0.2, 0.3])
    vel = jnp.zeros(3)
    goal = jnp.zeros(3)
    grad_loss = jax.jit(jax.grad(loss))
    print(grad_loss(vel, pos, A, goal))


if __name__ == "__main__":
    main()

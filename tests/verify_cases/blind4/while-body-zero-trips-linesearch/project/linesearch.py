"""Gradient descent with an Armijo backtracking line search."""
import jax
import jax.numpy as jnp
from jax import lax


def backtrack(f, x, g, t0=1.0, c=1e-4):
    fx = f(x)
    gg = jnp.vdot(g, g)

    def cond(t):
        return f(x - t * g) > fx - c * t * gg

    def body(t):
        return t * 0.5

    return lax.while_loop(cond, body, jnp.asarray(t0, dtype=x.dtype))


def gd(f, x0, n_steps):
    grad = jax.grad(f)

    def step(x, _):
        g = grad(x)
        t = backtrack(f, x, g)
        return x - t * g, f(x)

    return lax.scan(step, x0, None, length=n_steps)

"""Projection onto a box by damped repair iterations."""
import jax.numpy as jnp
from jax import lax


def violation(x, lo, hi):
    return jnp.sum(jnp.maximum(lo - x, 0.0) + jnp.maximum(x - hi, 0.0))


def repair(x, lo, hi, rate=0.5, tol=1e-6, max_iter=100):
    def cond(s):
        x, i = s
        return (violation(x, lo, hi) > tol) & (i < max_iter)

    def body(s):
        x, i = s
        x = x + rate * (jnp.clip(x, lo + tol, hi - tol) - x)
        return x, i + 1

    x, iters = lax.while_loop(cond, body, (x, 0))
    return x, iters


def feasible(x, lo, hi, tol=1e-6):
    return violation(x, lo, hi) <= tol

"""Fixed-point iteration with progress output."""
import jax
import jax.numpy as jnp
from jax import lax


def residual(x, a, b):
    return jnp.linalg.norm(a @ x + b - x)


def fixed_point(a, b, x0, tol=1e-6, max_iter=50):
    def cond(s):
        i, x, r = s
        return (r > tol) & (i < max_iter)

    def body(s):
        i, x, _ = s
        x = a @ x + b
        r = residual(x, a, b)
        jax.debug.print("iter {i} residual {r}", i=i, r=r)
        return i + 1, x, r

    init = (0, x0, residual(x0, a, b))
    i, x, r = lax.while_loop(cond, body, init)
    return x, i


def contraction_bound(a):
    return jnp.max(jnp.sum(jnp.abs(a), axis=1))

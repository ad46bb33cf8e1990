"""Root finding by bisection with lax.while_loop."""
import jax.numpy as jnp
from jax import lax


def bisect(f, lo, hi, tol=1e-6, max_iter=60):
    def cond(s):
        lo, hi, i = s
        return (hi - lo > tol) & (i < max_iter)

    def body(s):
        lo, hi, i = s
        mid = 0.5 * (lo + hi)
        go_right = f(lo) * f(mid) > 0
        return jnp.where(go_right, mid, lo), jnp.where(go_right, hi, mid), i + 1

    lo, hi, _ = lax.while_loop(cond, body, (jnp.float32(lo), jnp.float32(hi), 0))
    return 0.5 * (lo + hi)


def cube_root(a, tol=1e-6, max_iter=60):
    return bisect(lambda x: x ** 3 - a, 0.0, jnp.maximum(1.0, a), tol, max_iter)

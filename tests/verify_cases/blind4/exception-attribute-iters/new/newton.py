"""Scalar Newton iteration under a while_loop."""
import jax
import jax.numpy as jnp
from jax import lax


class ConvergenceError(RuntimeError):
    def __init__(self, msg, iters, residual):
        super().__init__(msg)
        self.iters = iters
        self.residual = residual


def newton(f, x0, tol=1e-5, max_iter=20):
    df = jax.grad(f)

    def cond(s):
        x, i = s
        return (jnp.abs(f(x)) > tol) & (i < max_iter)

    def body(s):
        x, i = s
        return x - f(x) / df(x), i + 1

    x, i = lax.while_loop(cond, body, (jnp.asarray(x0, jnp.float32), 0))
    res = float(jnp.abs(f(x)))
    if not res <= tol:
        raise ConvergenceError("newton did not converge", int(i) + 1, res)
    return x

# expect: none
# source: https://github.com/google/jaxopt/issues/547
# mistake: all ADMM state (primal, slack, dual, error) is initialised in the problem dtype, so under jax_enable_x64 a float32 problem keeps a float32 carry and the while_loop runs.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class OSQPState(NamedTuple):
    iter_num: jax.Array
    x: jax.Array
    z: jax.Array
    y: jax.Array
    error: jax.Array


class BoxOSQP:
    def __init__(self, rho=1.0, sigma=1e-6, maxiter=200, tol=1e-4):
        self.rho, self.sigma, self.maxiter, self.tol = rho, sigma, maxiter, tol

    def init_params(self, params_obj, params_eq):
        Q, c = params_obj
        A = params_eq
        dtype = c.dtype
        return OSQPState(jnp.asarray(0), jnp.zeros_like(c), jnp.zeros(A.shape[0], dtype), jnp.zeros(A.shape[0], dtype),
                         jnp.asarray(jnp.inf, dtype))

    def run(self, params_obj, params_eq, params_ineq):
        Q, c = params_obj
        A = params_eq
        l, u = params_ineq
        n = c.shape[0]
        K = Q + self.sigma * jnp.eye(n, dtype=Q.dtype) + self.rho * A.T @ A

        def body(state):
            rhs = self.sigma * state.x - c + A.T @ (self.rho * state.z - state.y)
            x = jnp.linalg.solve(K, rhs)
            z = jnp.clip(A @ x + state.y / self.rho, l, u)
            y = state.y + self.rho * (A @ x - z)
            return OSQPState(state.iter_num + 1, x, z, y, jnp.max(jnp.abs(A @ x - z)))

        def cond(state):
            return (state.iter_num < self.maxiter) & (state.error > self.tol)

        return jax.lax.while_loop(cond, body, self.init_params(params_obj, params_eq))


def main():
    optimizer = BoxOSQP()
    with jax.enable_x64(True):
        state = optimizer.run(
            params_obj=(jnp.eye(30, dtype=jnp.float32), jnp.ones((30,), dtype=jnp.float32)),
            params_eq=jnp.ones((1, 30), dtype=jnp.float32),
            params_ineq=(-1, 1),
        )
        print("solved in", int(state.iter_num), "iterations, x dtype", state.x.dtype, "sum(x) =", float(jnp.sum(state.x)))

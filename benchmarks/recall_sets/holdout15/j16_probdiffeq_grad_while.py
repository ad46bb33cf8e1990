# expect: bug
# source: https://github.com/pnkraemer/probdiffeq/issues/784
# mistake: The adaptive solver steps with lax.while_loop until t reaches t1, and the parameter-estimation loss takes jax.grad through it, which JAX cannot do (reverse-mode through while_loop).
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SolverState(NamedTuple):
    t: jax.Array
    u: jax.Array
    dt: jax.Array
    num_steps: jax.Array


def vector_field(u, theta):
    # Lotka-Volterra
    a, b, c, d = theta
    return jnp.array([a * u[0] - b * u[0] * u[1], -c * u[1] + d * u[0] * u[1]])


def _attempt_step(state, theta, atol=1e-4, rtol=1e-4):
    k1 = vector_field(state.u, theta)
    k2 = vector_field(state.u + state.dt * k1, theta)
    u_heun = state.u + state.dt / 2 * (k1 + k2)
    err = jnp.linalg.norm((u_heun - (state.u + state.dt * k1)) / (atol + rtol * jnp.abs(u_heun)))
    accept = err <= 1.0
    factor = jnp.clip(0.9 * err ** (-0.5), 0.2, 5.0)
    return SolverState(
        t=jnp.where(accept, state.t + state.dt, state.t),
        u=jnp.where(accept, u_heun, state.u),
        dt=state.dt * factor,
        num_steps=state.num_steps + 1,
    )


def simulate_terminal_values(u0, theta, t0, t1, dt0=0.01):
    def cond_fn(s):
        return s.t < t1

    def body_fn(s):
        s = s._replace(dt=jnp.minimum(s.dt, t1 - s.t))
        return _attempt_step(s, theta)

    init = SolverState(jnp.asarray(t0), u0, jnp.asarray(dt0), jnp.asarray(0))
    return jax.lax.while_loop(cond_fn, body_fn, init)


def loss(theta, u0, data):
    sol = simulate_terminal_values(u0, theta, 0.0, 2.0)
    return jnp.sum((sol.u - data) ** 2)


def main():
    u0 = jnp.array([20.0, 20.0])
    theta = jnp.array([0.5, 0.05, 0.5, 0.05])
    data = jnp.array([10.0, 25.0])
    print("loss:", float(loss(theta, u0, data)))
    g = jax.grad(loss)(theta, u0, data)  # raises: reverse-mode through while_loop
    print("grad:", g)

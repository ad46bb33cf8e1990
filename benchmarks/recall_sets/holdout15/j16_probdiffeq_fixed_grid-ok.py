# expect: none
# source: https://github.com/pnkraemer/probdiffeq/issues/784
# mistake: Resembles j16 (jax.grad of a parameter-estimation loss through an ODE-solver loop), but the solve runs on a fixed time grid with lax.scan (the fixed-step path the issue says parameter estimation uses), which is reverse-mode differentiable.
import jax
import jax.numpy as jnp


def vector_field(u, theta):
    a, b, c, d = theta
    return jnp.array([a * u[0] - b * u[0] * u[1], -c * u[1] + d * u[0] * u[1]])


def heun_step(u, dt, theta):
    k1 = vector_field(u, theta)
    k2 = vector_field(u + dt * k1, theta)
    return u + dt / 2 * (k1 + k2)


def solve_fixed_grid(u0, theta, grid):
    def body(u, dt):
        u_next = heun_step(u, dt, theta)
        return u_next, u_next

    _, us = jax.lax.scan(body, u0, jnp.diff(grid))
    return us


def loss(theta, u0, grid, data):
    us = solve_fixed_grid(u0, theta, grid)
    return jnp.sum((us[-1] - data) ** 2)


def main():
    u0 = jnp.array([20.0, 20.0])
    theta = jnp.array([0.5, 0.05, 0.5, 0.05])
    grid = jnp.linspace(0.0, 2.0, 201)
    data = jnp.array([10.0, 25.0])
    value, grad = jax.jit(jax.value_and_grad(loss))(theta, u0, grid, data)
    print("loss:", float(value))
    print("grad wrt theta:", grad)
    assert bool(jnp.all(jnp.isfinite(grad)))

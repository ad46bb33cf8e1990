# expect: bug
# source: https://github.com/pnkraemer/probdiffeq/issues/453
# mistake: Parameter estimation differentiates simulate_terminal_values, whose adaptive step-size loop is a lax.while_loop, so reverse-mode autodiff of the loss fails.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def vector_field(y, theta):
    return theta * y * (1.0 - y)


def simulate_terminal_values(theta, y0, t0, t1, atol=1e-4):
    def cond(state):
        t, y, dt = state
        return t < t1

    def body(state):
        t, y, dt = state
        dt = jnp.minimum(dt, t1 - t)
        k1 = vector_field(y, theta)
        y_full = y + dt * vector_field(y + 0.5 * dt * k1, theta)
        err = jnp.abs(y_full - (y + dt * k1))
        accept = err < atol
        t = jnp.where(accept, t + dt, t)
        y = jnp.where(accept, y_full, y)
        dt = dt * jnp.clip(0.9 * (atol / (err + 1e-12)) ** 0.5, 0.2, 5.0)
        return t, y, dt

    return lax.while_loop(cond, body, (t0, y0, jnp.asarray(0.01)))[1]


def loss(theta, data):
    return (simulate_terminal_values(theta, 0.1, 0.0, 2.0) - data) ** 2


def main():
    print(jax.grad(loss)(1.5, 0.6))


if __name__ == "__main__":
    main()

# expect: none
# source: https://github.com/pnkraemer/probdiffeq/issues/453
# mistake: Look-alike: for parameter estimation the solve uses a fixed grid of steps in lax.scan, which reverse-mode autodiff handles.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def vector_field(y, theta):
    return theta * y * (1.0 - y)


def solve_fixed_grid(theta, y0, t0, t1, num_steps=200):
    dt = (t1 - t0) / num_steps

    def body(y, _):
        k1 = vector_field(y, theta)
        return y + dt * vector_field(y + 0.5 * dt * k1, theta), None

    return lax.scan(body, y0, None, length=num_steps)[0]


def loss(theta, data):
    return (solve_fixed_grid(theta, 0.1, 0.0, 2.0) - data) ** 2


def main():
    g = jax.grad(loss)(1.5, 0.6)
    assert jnp.isfinite(g)


if __name__ == "__main__":
    main()

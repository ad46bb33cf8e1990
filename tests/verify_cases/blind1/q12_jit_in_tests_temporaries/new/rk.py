"""Explicit midpoint (RK2) integration of a harmonic oscillator."""
import jax
import jax.numpy as jnp


def rhs(y, t, omega=1.0):
    return jnp.stack([y[1], -omega * omega * y[0]])


def rk2_step(y, t, dt):
    k1 = rhs(y, t)
    y_mid = y + 0.5 * dt * k1
    k2 = rhs(y_mid, t + 0.5 * dt)
    return y + dt * k2


def integrate(y0, dt, n):
    ys = [y0]
    for i in range(n):
        ys.append(rk2_step(ys[-1], i * dt, dt))
    return jnp.stack(ys)


def energy(y, omega=1.0):
    return 0.5 * (y[1] ** 2 + omega * omega * y[0] ** 2)

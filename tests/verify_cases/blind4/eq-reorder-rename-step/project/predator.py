"""Lotka-Volterra with explicit Euler."""
import jax
import jax.numpy as jnp
from jax import lax


def simulate(s0, a, b, c, d, dt, n):
    def step(s, _):
        prey, pred = s
        dprey = a * prey - b * prey * pred
        dpred = d * prey * pred - c * pred
        prey = prey + dt * dprey
        pred = pred + dt * dpred
        return (prey, pred), (prey, pred)
    return lax.scan(step, s0, None, length=n)[1]

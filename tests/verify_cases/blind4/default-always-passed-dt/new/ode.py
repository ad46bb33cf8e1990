"""Explicit Euler rollouts."""
import jax.numpy as jnp
from jax import lax


def euler_rollout(f, x0, n_steps, dt=0.02):
    def step(x, _):
        x = x + dt * f(x)
        return x, x

    _, xs = lax.scan(step, x0, None, length=n_steps)
    return xs


def decay(x):
    return -0.5 * x


def simulate(x0, n_steps=50, dt=0.01):
    return euler_rollout(decay, x0, n_steps, dt)

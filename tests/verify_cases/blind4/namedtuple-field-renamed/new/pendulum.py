"""A pendulum integrated with semi-implicit Euler."""
from collections import namedtuple

import jax
import jax.numpy as jnp
from jax import lax

State = namedtuple("State", ["theta", "theta_dot"])


def step(s, dt):
    theta_dot = s.theta_dot - dt * jnp.sin(s.theta)
    return State(s.theta + dt * theta_dot, theta_dot)


def energy(s):
    return 0.5 * s[1] ** 2 - jnp.cos(s[0])


def rollout(s0, dt, n_steps):
    def body(s, _):
        s = step(s, dt)
        return s, s.theta
    return lax.scan(body, s0, None, length=n_steps)

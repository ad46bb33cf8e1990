"""A pendulum integrated with semi-implicit Euler."""
from collections import namedtuple

import jax
import jax.numpy as jnp
from jax import lax

State = namedtuple("State", ["theta", "omega"])


def step(s, dt):
    omega = s.omega - dt * jnp.sin(s.theta)
    return State(s.theta + dt * omega, omega)


def energy(s):
    return 0.5 * s[1] ** 2 - jnp.cos(s[0])


def rollout(s0, dt, n_steps):
    def body(s, _):
        s = step(s, dt)
        return s, s.theta
    return lax.scan(body, s0, None, length=n_steps)

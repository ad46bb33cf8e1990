"""Pendulum rollouts with an optional warm-up phase."""
import jax.numpy as jnp
from jax import lax


def pendulum_step(state, dt=0.01, g=9.81):
    th, om = state
    return th + dt * om, om - dt * g * jnp.sin(th)


def warmup(state, n_warmup):
    def body(s, _):
        return pendulum_step(s, dt=0.02), None
    state, _ = lax.scan(body, state, None, length=n_warmup)
    return state


def rollout(state, n_steps, n_warmup=0):
    state = warmup(state, n_warmup)

    def body(s, _):
        s = pendulum_step(s)
        return s, s[0]

    return lax.scan(body, state, None, length=n_steps)

"""Rollouts and quadratic costs of a linear dynamical system."""
import jax.numpy as jnp
from jax import lax


def rollout(A, B, x0, us):
    def step(x, u):
        return A @ x + B @ u, jnp.sum(x * x)

    return lax.scan(step, x0, us)


def cost(A, B, x0, us, r=0.1):
    xT, state_costs = rollout(A, B, x0, us)
    return jnp.sum(state_costs) + jnp.sum(xT * xT) + r * jnp.sum(us * us)

import jax.numpy as jnp
from jax import lax


def bounded_rollout(x, us):
    def step(x, u):
        x = x + jnp.clip(u, -1.0, 1.0)
        return x, x

    return lax.scan(step, x, us)

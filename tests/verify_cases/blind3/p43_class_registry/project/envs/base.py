import jax.numpy as jnp
from jax import lax


class Env:
    registry = []

    def __init__(self, name, gravity):
        self.name = name
        self.gravity = gravity
        Env.registry.append(name)

    def fall(self, v0, n, dt=0.1):
        return lax.fori_loop(0, n, lambda i, v: v - self.gravity * dt, v0)

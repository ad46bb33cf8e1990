# expect: bug
# source: https://github.com/jax-ml/jax/issues/1567
# mistake: World.step is jitted with self static and updates self.v / self.p as a side effect, so the simulation loop stores tracers on the object (first call) and then replays the cached computation without touching the attributes; world.p never holds the simulated position.
from functools import partial

import jax
import jax.numpy as jnp


class World:
    def __init__(self, p, v):
        self.p = p
        self.v = v

    @partial(jax.jit, static_argnums=(0,))
    def step(self, dt):
        a = -9.8
        self.v += a * dt
        self.p += self.v * dt


def main():
    world = World(jnp.array([0.0, 0.0]), jnp.array([1.0, 1.0]))
    try:
        for i in range(100):
            world.step(0.01)
        print("world.p after loop:", world.p)
        print("world.p is a leaked tracer:", isinstance(world.p, jax.core.Tracer))
    except Exception as e:
        print("simulation failed:", type(e).__name__, str(e).splitlines()[0])

import jax
import jax.numpy as jnp
from jax import lax


@jax.tree_util.register_pytree_node_class
class Trajectory:
    def __init__(self, xs, units="m"):
        self.xs = xs
        self.units = units

    def tree_flatten(self):
        return (self.xs,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def fall(h0, n, dt=0.1):
    def step(c, _):
        h, v = c
        v = v - 9.81 * dt
        h = h + dt * v
        return (h, v), h

    _, hs = lax.scan(step, (h0, jnp.zeros_like(h0)), None, length=n)
    return Trajectory(hs, units="cm")

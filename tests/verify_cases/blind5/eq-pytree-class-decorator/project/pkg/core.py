import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class State:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    def tree_flatten(self):
        return (self.pos, self.vel), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def advance(s, dt):
    return jax.tree.map(lambda a, b: a + dt * b, s, State(s.vel, jnp.zeros_like(s.vel)))

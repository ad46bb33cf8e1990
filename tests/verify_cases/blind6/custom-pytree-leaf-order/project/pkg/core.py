import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def tree_flatten(self):
        return (self.a, self.b), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], children[1])


def make_pair(x):
    return Pair(x, 2.0 * x[:1])

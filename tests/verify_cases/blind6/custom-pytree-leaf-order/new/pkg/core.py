import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def tree_flatten(self):
        return (self.b, self.a), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[1], children[0])


def make_pair(x):
    return Pair(x, 2.0 * x[:1])

"""A linear layer as a registered pytree class."""
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Linear:
    def __init__(self, w, b, name="linear"):
        self.w = w
        self.b = b
        self.name = name

    def tree_flatten(self):
        return (self.w, self.b), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __call__(self, x):
        return x @ self.w + self.b


def init_linear(key, n_in, n_out, name="linear"):
    w = jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    return Linear(w, jnp.zeros(n_out))


@jax.jit
def forward(layers, x):
    for layer in layers:
        x = jnp.tanh(layer(x))
    return x

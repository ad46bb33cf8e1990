# case: c000-function-leaf-in-carry-record
# source: https://github.com/patrick-kidger/equinox/issues/446
# kind: mistake
# rules: none
# jax: raises is not a valid JAX type
# note: a custom pytree class as the carry that flattens its activation function as a child; the
#   thread uses an equinox MLP (its activation is the leaf)

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Layer:
    def __init__(self, w, activation):
        self.w = w
        self.activation = activation

    def tree_flatten(self):
        return (self.w, self.activation), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def train(layer, xs):
    def step(layer, x):
        y = layer.activation(layer.w @ x)
        return Layer(layer.w - 0.01 * jnp.outer(y, x), layer.activation), y.sum()
    return jax.lax.scan(step, layer, xs)


out = train(Layer(jnp.eye(3), jnp.tanh), jnp.ones((4, 3)))

import jax
import jax.numpy as jnp


class Params:
    def __init__(self, w, b):
        self.w = w
        self.b = b


def _flatten(p):
    return (p.w, p.b), None


def _unflatten(aux, children):
    w, b = children
    return Params(w, b)


jax.tree_util.register_pytree_node(Params, _flatten, _unflatten)


def init(d):
    return Params(jnp.ones((d, d)), jnp.zeros(d))


def sgd(p, g, lr):
    return jax.tree.map(lambda a, b: a - lr * b, p, g)

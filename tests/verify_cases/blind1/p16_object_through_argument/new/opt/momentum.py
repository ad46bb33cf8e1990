"""Momentum SGD over pytrees with a small mutable state object."""
import jax
import jax.numpy as jnp


class OptState:
    def __init__(self, params):
        self.velocity = jax.tree_util.tree_map(jnp.zeros_like, params)
        self.step = 0
        self.last_grad_norm = None


def global_norm(tree):
    leaves = jax.tree_util.tree_leaves(tree)
    return jnp.sqrt(sum(jnp.sum(l * l) for l in leaves))


def apply_updates(params, grads, state, lr=0.1, beta=0.9):
    state.velocity = jax.tree_util.tree_map(lambda v, g: beta * v + g, state.velocity, grads)
    state.step += 1
    state.last_grad_norm = lr * global_norm(state.velocity)
    return jax.tree_util.tree_map(lambda p, v: p - lr * v, params, state.velocity)

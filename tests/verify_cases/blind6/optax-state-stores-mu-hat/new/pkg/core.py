from typing import NamedTuple
import jax
import jax.numpy as jnp


class MomState(NamedTuple):
    count: jax.Array
    mu: dict


def init(params):
    return MomState(jnp.zeros([], jnp.int32), jax.tree.map(jnp.zeros_like, params))


@jax.jit
def momentum_update(grads, state, b1=0.9):
    count = state.count + 1
    mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, grads)
    mu_hat = jax.tree.map(lambda m: m / (1 - b1 ** count), mu)
    updates = jax.tree.map(lambda m: -0.01 * m, mu_hat)
    return updates, MomState(count, mu_hat)

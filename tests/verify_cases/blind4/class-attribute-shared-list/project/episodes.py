"""Discounted returns and a per-run log."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def discounted_return(rewards, gamma):
    def step(g, r):
        g = r + gamma * g
        return g, g
    return lax.scan(step, jnp.zeros(()), rewards, reverse=True)[0]


class EpisodeLog:
    def __init__(self):
        self.returns = []

    def log(self, rewards, gamma=0.99):
        g = float(discounted_return(rewards, gamma))
        self.returns.append(g)
        return g

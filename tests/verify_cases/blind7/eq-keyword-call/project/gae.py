import jax.numpy as jnp
from jax import lax


def _gae(rewards, values, gamma, lam):
    deltas = rewards + gamma * values[1:] - values[:-1]

    def body(acc, d):
        acc = d + gamma * lam * acc
        return acc, acc

    _, adv = lax.scan(body, jnp.zeros_like(deltas[0]), deltas, reverse=True)
    return adv


def advantages(rewards, values, gamma=0.99, lam=0.95):
    return _gae(rewards, values, gamma, lam)

# expect: bug
# source: https://github.com/QuantEcon/lecture-jax/issues/312
# mistake: compute_freq is jitted without marking the shape-controlling arguments sim_length and num_firms as static, so passing them explicitly makes them tracers and random.normal(key, shape=(sim_length, num_firms)) cannot build a concrete shape.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax, random


class Firm(NamedTuple):
    s: int = 10
    S: int = 100
    mu: float = 1.0
    sigma: float = 0.5


@jax.jit
def compute_freq(firm, key, x_init=70, sim_length=50, num_firms=1_000_000):
    s, S, mu, sigma = firm.s, firm.S, firm.mu, firm.sigma
    X = jnp.full((num_firms,), x_init)
    Z = random.normal(key, shape=(sim_length, num_firms))
    D = jnp.exp(mu + sigma * Z)
    restock_count = jnp.zeros((num_firms,))
    Xs = jnp.vstack((X, restock_count))

    def update_X(Xs, D):
        X, restock_count = Xs[0], Xs[1]
        restock_count = jnp.where(X <= s, restock_count + 1, restock_count)
        X = jnp.where(X <= s, jnp.maximum(S - D, 0), jnp.maximum(X - D, 0))
        return jnp.vstack((X, restock_count)), None

    X_final, _ = lax.scan(update_X, Xs, D)
    return jnp.mean(X_final[1] > 1)


def main():
    firm = Firm()
    key = random.PRNGKey(27)
    # a smaller experiment than the lecture default, passed explicitly
    freq = compute_freq(firm, key, sim_length=50, num_firms=10_000)
    print(f"Frequency of at least two stock outs = {freq}")

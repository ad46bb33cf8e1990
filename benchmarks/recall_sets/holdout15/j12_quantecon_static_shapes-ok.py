# expect: none
# source: https://github.com/QuantEcon/lecture-jax/issues/312
# mistake: Resembles j12 (jitted simulation whose array shapes come from function arguments), but the shape-controlling sim_length/num_firms are declared static_argnames (hashable ints) as the issue recommends, so shapes are concrete and repeated calls with new keys reuse one compilation.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax, random

TRACES = {"compute_freq": 0}


class Firm(NamedTuple):
    s: int = 10
    S: int = 100
    mu: float = 1.0
    sigma: float = 0.5


@partial(jax.jit, static_argnames=("sim_length", "num_firms"))
def compute_freq(firm, key, x_init=70, sim_length=50, num_firms=10_000):
    TRACES["compute_freq"] += 1
    s, S, mu, sigma = firm.s, firm.S, firm.mu, firm.sigma
    X = jnp.full((num_firms,), x_init)
    restock_count = jnp.zeros((num_firms,))

    def update(i, state):
        X, restock_count, key = state
        key, subkey = random.split(key)
        D = jnp.exp(mu + sigma * random.normal(subkey, (num_firms,)))
        restock_count = jnp.where(X <= s, restock_count + 1, restock_count)
        X = jnp.where(X <= s, jnp.maximum(S - D, 0), jnp.maximum(X - D, 0))
        return X, restock_count, key

    X, restock_count, key = lax.fori_loop(0, sim_length, update, (X, restock_count, key))
    return jnp.mean(restock_count > 1)


def main():
    firm = Firm()
    freqs = []
    for seed in range(4):
        freqs.append(float(compute_freq(firm, random.PRNGKey(seed), sim_length=50, num_firms=10_000)))
    print("Frequency of at least two stock outs:", [round(f, 4) for f in freqs])
    print("traces of compute_freq over 4 seeds:", TRACES["compute_freq"])
    assert TRACES["compute_freq"] == 1

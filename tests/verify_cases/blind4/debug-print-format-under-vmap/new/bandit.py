"""Epsilon-greedy multi-armed bandit."""
import jax
import jax.numpy as jnp
from jax import lax


def run_bandit(key, means, n_steps, eps=0.1):
    n_arms = means.shape[0]

    def step(carry, k):
        counts, values, regret = carry
        k1, k2, k3 = jax.random.split(k, 3)
        explore = jax.random.uniform(k1) < eps
        arm = jnp.where(explore, jax.random.randint(k2, (), 0, n_arms), jnp.argmax(values))
        reward = means[arm] + 0.1 * jax.random.normal(k3)
        counts = counts.at[arm].add(1.0)
        values = values.at[arm].add((reward - values[arm]) / counts[arm])
        regret = regret + means.max() - means[arm]
        return (counts, values, regret), arm

    init = (jnp.zeros(n_arms), jnp.zeros(n_arms), jnp.zeros(()))
    (counts, values, regret), arms = lax.scan(step, init, jax.random.split(key, n_steps))
    jax.debug.print("final regret: {r}", r=regret)
    return regret, arms

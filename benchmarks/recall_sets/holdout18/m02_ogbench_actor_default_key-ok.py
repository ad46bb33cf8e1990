# expect: none
# source: https://github.com/seohongpark/ogbench/pull/36
# mistake: supply_rng keeps the rng in a closure and splits it on every call, so each evaluation step passes a fresh subkey to the (jitted) sample_actions and the exploration noise differs between steps.
import jax
import jax.numpy as jnp
import numpy as np


class GCBCAgent:
    def __init__(self, action_dim=2):
        self.w = jnp.eye(action_dim)

    def sample_actions(self, observations, goals=None, seed=None, temperature=1.0):
        mean = jnp.tanh(observations @ self.w)
        noise = jax.random.normal(seed, mean.shape) * temperature
        return jnp.clip(mean + noise, -1, 1), noise


def supply_rng(f, rng=jax.random.PRNGKey(0)):
    def wrapped(*args, **kwargs):
        nonlocal rng
        rng, key = jax.random.split(rng)
        return f(*args, seed=key, **kwargs)
    return wrapped


def evaluate(agent, num_steps=5, config=None):
    np.random.seed(0)
    sample = jax.jit(agent.sample_actions)
    actor_fn = supply_rng(sample, rng=jax.random.PRNGKey(np.random.randint(0, 2**32)))
    observation = jnp.zeros(2)
    noises = []
    for step in range(num_steps):
        action, noise = actor_fn(observation, temperature=1.0)
        observation = observation + 0.1 * action
        noises.append(np.asarray(noise))
    return noises


def main():
    noises = evaluate(GCBCAgent())
    for i, n in enumerate(noises):
        print("step", i, "noise", np.round(n, 4).tolist())
    print("same noise every step:", all(np.allclose(n, noises[0]) for n in noises))

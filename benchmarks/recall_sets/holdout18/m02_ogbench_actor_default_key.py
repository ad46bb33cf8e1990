# expect: bug
# source: https://github.com/seohongpark/ogbench/pull/36
# mistake: the jitted actor_fn takes its key as a default argument evaluated once when evaluate() defines it, so every step of the evaluation episode samples actions with the same key (identical exploration noise each step) instead of splitting a fresh key per call.
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


def evaluate(agent, num_steps=5, config=None):
    np.random.seed(0)

    @jax.jit
    def actor_fn(*args, key=jax.random.PRNGKey(np.random.randint(0, 2**32)), **kwargs):
        return agent.sample_actions(*args, seed=key, **kwargs)

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

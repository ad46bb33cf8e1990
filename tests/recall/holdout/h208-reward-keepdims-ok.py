# case: h208-reward-keepdims-ok
# source: https://github.com/google/brax/issues/228
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: h208-reward-keepdims

import jax
import jax.numpy as jnp

def episode(obs_seq):
    def step(state, obs):
        reward = jnp.sum(obs ** 2)
        return {'obs': obs, 'reward': reward}, reward
    init = {'obs': jnp.zeros(3), 'reward': jnp.zeros(())}
    return jax.lax.scan(step, init, obs_seq)

out = episode(jnp.ones((4, 3)))

# case: h208-reward-keepdims
# source: https://github.com/google/brax/issues/228
# kind: mistake
# rules: SCN208
# jax: raises must have equal types
# note: a scalar reward slot comes back with shape (1,)

import jax
import jax.numpy as jnp

def episode(obs_seq):
    def step(state, obs):
        reward = jnp.sum(obs ** 2, keepdims=True)
        return {'obs': obs, 'reward': reward}, reward
    init = {'obs': jnp.zeros(3), 'reward': jnp.zeros(())}
    return jax.lax.scan(step, init, obs_seq)

out = episode(jnp.ones((4, 3)))

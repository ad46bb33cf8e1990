# case: h202-rollout-over-none-ok
# source: https://github.com/jax-ml/jax/pull/1800
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: h202-rollout-over-none

import jax
import jax.numpy as jnp

def rollout(policy_w, s0):
    def step(s, _):
        a = jnp.tanh(policy_w @ s)
        s = s + 0.1 * a
        return s, a
    return jax.lax.scan(step, s0, None, length=10)

out = rollout(jnp.eye(2), jnp.ones(2))

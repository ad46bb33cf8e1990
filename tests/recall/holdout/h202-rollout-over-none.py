# case: h202-rollout-over-none
# source: https://github.com/jax-ml/jax/pull/1800
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over
# note: xs is None and no length=

import jax
import jax.numpy as jnp

def rollout(policy_w, s0):
    def step(s, _):
        a = jnp.tanh(policy_w @ s)
        s = s + 0.1 * a
        return s, a
    return jax.lax.scan(step, s0, None)

out = rollout(jnp.eye(2), jnp.ones(2))

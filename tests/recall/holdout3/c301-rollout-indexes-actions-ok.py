# case: c301-rollout-indexes-actions-ok
# source: https://github.com/jax-ml/jax/issues/16611
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.cosine') >= 50
# pair: c301-rollout-indexes-actions

from functools import partial
import jax
import jax.numpy as jnp

N_STEPS = 50

@partial(jax.jit)
def rollout(state, actions):
    def step(state, a):
        return jnp.cos(state) + a, None
    state, _ = jax.lax.scan(step, state, actions[:N_STEPS])
    return state

hlo = rollout.lower(jnp.zeros(3), jnp.ones((N_STEPS, 3))).as_text()

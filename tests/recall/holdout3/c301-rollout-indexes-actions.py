# case: c301-rollout-indexes-actions
# source: https://github.com/jax-ml/jax/issues/16611
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.cosine') >= 50
# note: @partial(jax.jit) with no other arguments, range of a module constant, the index reads
#   actions[i] (the thread compares this against scan and fori_loop)

from functools import partial
import jax
import jax.numpy as jnp

N_STEPS = 50

@partial(jax.jit)
def rollout(state, actions):
    for i in range(N_STEPS):
        state = jnp.cos(state) + actions[i]
    return state

hlo = rollout.lower(jnp.zeros(3), jnp.ones((N_STEPS, 3))).as_text()

# case: e204-global-step-counter-schedule
# source: https://github.com/bayesflow-org/bayesflow/issues/223
# kind: mistake
# rules: SCN204
# jax: symptom len(set(jnp.asarray(num_levels).tolist())) == 1
# note: a consistency-model training loop whose discretisation schedule reads a step
#   counter kept by a module-level helper (`global _CURRENT_STEP; _CURRENT_STEP += 1`)
#   called from the lax.scan body, so the counter only advances once; bayesflow kept the
#   counter as `self.current_step += 1` on a Keras model.

import jax
import jax.numpy as jnp
import numpy as np

S0, S1, TOTAL_STEPS = 10, 1280, 100
_CURRENT_STEP = 0


def next_discretization():
    global _CURRENT_STEP
    _CURRENT_STEP += 1
    k = int(TOTAL_STEPS / (np.log2(S1 / S0) + 1))
    return min(S0 * 2 ** (_CURRENT_STEP // k), S1) + 1


def consistency_loss(params, batch, sigmas):
    return jnp.mean((batch * params - sigmas.mean()) ** 2)


def train_step(params, batch):
    n = next_discretization()
    sigmas = jnp.linspace(0.002, 80.0, n)
    loss, grads = jax.value_and_grad(consistency_loss)(params, batch, sigmas)
    return params - 1e-3 * grads, (loss, n)


batches = jnp.ones((TOTAL_STEPS, 4))
params, (losses, num_levels) = jax.lax.scan(train_step, jnp.ones(4), batches)
print(num_levels[:5], _CURRENT_STEP)

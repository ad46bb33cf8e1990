# case: c201-restored-state-dict-as-init-ok
# source: https://github.com/google/flax/issues/1429
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: c201-restored-state-dict-as-init

import jax
import jax.numpy as jnp
from flax import serialization, struct

@struct.dataclass
class TrainState:
    step: jax.Array
    params: jax.Array

def train_step(state, batch):
    grads = 2 * state.params - batch
    new = TrainState(step=state.step + 1, params=state.params - 0.1 * grads)
    return new, jnp.sum(grads ** 2)

template = TrainState(jnp.array(0), jnp.ones(3))
blob = serialization.to_bytes(template)
state = serialization.from_bytes(template, blob)
final, losses = jax.lax.scan(train_step, state, jnp.ones((4, 3)))

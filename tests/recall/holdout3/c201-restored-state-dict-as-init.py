# case: c201-restored-state-dict-as-init
# source: https://github.com/google/flax/issues/1429
# kind: mistake
# rules: SCN201
# jax: raises 'dict' object has no attribute 'params'
# visible: no
# note: a checkpoint restored with msgpack_restore (a plain state dict) is the init while the body
#   builds the flax dataclass; what msgpack_restore returns is not in the file (the thread: a
#   deserialized TrainState failing the control-flow tree check); JAX fails first on the body's
#   attribute read

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

blob = serialization.to_bytes(TrainState(jnp.array(0), jnp.ones(3)))
state = serialization.msgpack_restore(blob)
final, losses = jax.lax.scan(train_step, state, jnp.ones((4, 3)))

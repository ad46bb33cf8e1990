# case: b201-namedtuple-none-field-gets-value
# source: https://github.com/google/jaxopt/issues/258
# kind: mistake
# rules: SCN201
# jax: raises carry input and carry output must have the same pytree structure
# note: NamedTuple state built by a helper with a None field; the body fills it via _replace

from typing import NamedTuple
import jax
import jax.numpy as jnp

class SolverState(NamedTuple):
    params: jax.Array
    aux: object

def init_state(params):
    return SolverState(params=params, aux=None)

def update(state, _):
    loss = jnp.sum(state.params ** 2)
    params = state.params - 0.2 * state.params
    return state._replace(params=params, aux=loss), loss

state0 = init_state(jnp.ones(3))
final, losses = jax.lax.scan(update, state0, None, length=4)

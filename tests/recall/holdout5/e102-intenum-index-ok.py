# case: e102-intenum-index-ok
# source: https://github.com/jax-ml/jax/issues/4289
# kind: lookalike
# rules: SCN102
# jax: symptom not bool(jnp.allclose(traj[-1, Dims.X], 0.5 * 0.1 * 0.1 * 30**2))
# note: an IntEnum used as named indices into the state vector of a cellular-automaton-like
#   scan body, with the enum members turned into small int constants by jnp.int8(...)
#   inside the body; these are constants, nothing to thread through the carry. The issue
#   used such an IntEnum for named vector indexing in jitted methods.

import enum

import jax
import jax.numpy as jnp


class Dims(enum.IntEnum):
    X = 0
    V = 1
    A = 2


def step(state, _):
    ix, iv, ia = jnp.int8(Dims.X), jnp.int8(Dims.V), jnp.int8(Dims.A)
    dt = 0.1
    v = state[iv] + dt * state[ia]
    x = state[ix] + dt * state[iv] + 0.5 * dt * dt * state[ia]
    new = state.at[ix].set(x).at[iv].set(v)
    return new, new


init = jnp.zeros(3).at[Dims.A].set(1.0)
final, traj = jax.jit(lambda s: jax.lax.scan(step, s, None, length=30))(init)
print(traj[-1])

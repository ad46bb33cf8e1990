# case: c000-dict-of-parameters-looped-under-jit
# source: https://github.com/liesel-devs/liesel/issues/205
# kind: mistake
# rules: none
# jax: symptom hlo.count('stablehlo.tanh') >= 40
# note: a loop over a dict's items under jit (SCN301 leaves loops over dicts alone: they must be
#   unrolled); vectorised in the look-alike

import jax
import jax.numpy as jnp

NAMES = [f"beta_{k}" for k in range(40)]


@jax.jit
def update_state(state, position):
    new = dict(state)
    for name, value in position.items():
        new[name] = jnp.tanh(state[name] + value)
    return new


state = {n: jnp.zeros(3) for n in NAMES}
position = {n: jnp.ones(3) for n in NAMES}
hlo = update_state.lower(state, position).as_text()

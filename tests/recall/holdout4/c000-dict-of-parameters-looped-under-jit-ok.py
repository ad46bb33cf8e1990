# case: c000-dict-of-parameters-looped-under-jit-ok
# source: https://github.com/liesel-devs/liesel/issues/205
# kind: lookalike
# rules: none
# jax: symptom hlo.count('stablehlo.tanh') >= 40
# pair: c000-dict-of-parameters-looped-under-jit

import jax
import jax.numpy as jnp

NAMES = [f"beta_{k}" for k in range(40)]


@jax.jit
def update_state(state, position):
    stacked = jnp.stack([state[n] for n in NAMES])
    moved = jnp.stack([position[n] for n in NAMES])
    out = jnp.tanh(stacked + moved)
    return {n: out[k] for k, n in enumerate(NAMES)}


state = {n: jnp.zeros(3) for n in NAMES}
position = {n: jnp.ones(3) for n in NAMES}
hlo = update_state.lower(state, position).as_text()

# case: b206-counter-indexes-short-array
# source: https://github.com/patrick-kidger/equinox/issues/1142
# kind: mistake
# rules: SCN206
# jax: symptom values.shape[0] == 3 and bool(jnp.all(values == values[0]))
# note: a bare int carry (init bound to a name, `state += 1`) indexes a captured array shorter than
#   the loop: the index clamps and the last row repeats

import jax
import jax.numpy as jnp

def f(arr):
    def step(carry, _):
        state = carry
        value = arr[state]
        state += 1
        return state, value

    init_state = 0
    _, values = jax.lax.scan(step, init_state, None, length=3)
    return values

values = f(jnp.array([[7.0, 13.0]]))

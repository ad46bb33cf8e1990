# case: h206-counter-in-dict-carry
# source: https://github.com/jax-ml/jax/issues/1361
# kind: mistake
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# note: variant: the counter is a dict slot; length= exceeds the array, the index clamps

import jax.numpy as jnp
from jax import lax

def drive(u, n):
    def step(state, _):
        y = 0.8 * state['y'] + u[state['t']]
        return {'y': y, 't': state['t'] + 1}, u[state['t']]
    return lax.scan(step, {'y': 0.0, 't': 0}, None, length=n)[1]

used = drive(jnp.array([1.0, 2.0, 3.0]), 5)

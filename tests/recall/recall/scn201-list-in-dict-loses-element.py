# case: scn201-list-in-dict-loses-element
# source: https://github.com/jax-ml/jax/pull/22857
# kind: mistake
# rules: SCN201
# jax: raises carry input and carry output must have the same pytree structure
# note: a list inside a dict carry loses an element

import jax
import jax.numpy as jnp
from jax import lax
def shift(state):
    hist = state['hist']
    return {'hist': [hist[1], hist[2]], 'n': state['n'] + 1}
def run():
    state = {'hist': [0.0, 1.0, 2.0], 'n': 0}
    return lax.while_loop(lambda s: s['n'] < 3, shift, state)
out = run()

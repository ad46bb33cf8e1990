# case: scn201-list-in-dict-loses-element-ok
# source: https://github.com/jax-ml/jax/pull/22857
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: scn201-list-in-dict-loses-element

import jax
import jax.numpy as jnp
from jax import lax
def shift(state):
    hist = state['hist']
    return {'hist': [hist[1], hist[2], hist[0]], 'n': state['n'] + 1}
def run():
    state = {'hist': [0.0, 1.0, 2.0], 'n': 0}
    return lax.while_loop(lambda s: s['n'] < 3, shift, state)
out = run()

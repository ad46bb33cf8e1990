# case: h201-list-init-tuple-carry
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: the init is a list, the body returns a tuple

import jax
import jax.numpy as np

def run_cell(xs):
    def cell(state, x):
        h, c = state
        c = 0.9 * c + x
        h = np.tanh(c)
        return (h, c), h
    return jax.lax.scan(cell, [np.zeros(2), np.zeros(2)], xs)

out = run_cell(np.ones((3, 2)))

# case: h201-list-init-tuple-carry-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: h201-list-init-tuple-carry

import jax
import jax.numpy as np

def run_cell(xs):
    def cell(state, x):
        h, c = state
        c = 0.9 * c + x
        h = np.tanh(c)
        return (h, c), h
    return jax.lax.scan(cell, (np.zeros(2), np.zeros(2)), xs)

out = run_cell(np.ones((3, 2)))

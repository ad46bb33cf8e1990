# case: c208-while-carry-grown-by-hstack-ok
# source: https://github.com/PennyLaneAI/pennylane/pull/7098
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: c208-while-carry-grown-by-hstack

import jax
import jax.numpy as jnp

def grow_until(limit):
    def keep_going(state):
        a, b = state
        return jnp.sum(a) < limit

    def extend(state):
        a, b = state
        return a + jnp.sum(b), 2 * b

    return jax.lax.while_loop(keep_going, extend, (jnp.ones(2), jnp.ones(1)))

out = grow_until(10.0)

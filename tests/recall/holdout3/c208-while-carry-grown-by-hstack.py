# case: c208-while-carry-grown-by-hstack
# source: https://github.com/PennyLaneAI/pennylane/pull/7098
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: a while_loop body grows a tuple-carry slot with jnp.hstack of itself and another slot (the
#   thread adds array resizing to PennyLane's own for/while loops, which JAX's do not allow)

import jax
import jax.numpy as jnp

def grow_until(limit):
    def keep_going(state):
        a, b = state
        return jnp.sum(a) < limit

    def extend(state):
        a, b = state
        return jnp.hstack([a, b]), 2 * b

    return jax.lax.while_loop(keep_going, extend, (jnp.ones(2), jnp.ones(1)))

out = grow_until(10.0)

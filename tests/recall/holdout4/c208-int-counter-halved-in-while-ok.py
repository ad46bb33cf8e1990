# case: c208-int-counter-halved-in-while-ok
# source: https://github.com/jax-ml/jax/issues/2004
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: c208-int-counter-halved-in-while

import jax.numpy as jnp
from jax import lax


def settle(state0):
    def cond(d):
        return d[0] < 4

    def body(d):
        level, x = d
        return level * 3 // 2 + 1, x ** 2

    return lax.while_loop(cond, body, state0)


out = settle((jnp.int32(0), jnp.float32(0.5)))

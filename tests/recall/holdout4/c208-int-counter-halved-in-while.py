# case: c208-int-counter-halved-in-while
# source: https://github.com/jax-ml/jax/issues/2004
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: an int32 slot of a `while_loop` tuple made float by `/`, the init built by the caller; the
#   thread's promotion (`** 2` to float64) needs x64

import jax.numpy as jnp
from jax import lax


def settle(state0):
    def cond(d):
        return d[0] < 4

    def body(d):
        level, x = d
        return level * 3 / 2 + 1, x ** 2

    return lax.while_loop(cond, body, state0)


out = settle((jnp.int32(0), jnp.float32(0.5)))

# case: scn204-dict-counter-ok
# source: https://github.com/tensorflow/probability/pull/1035
# kind: lookalike
# rules: SCN204
# jax: symptom calls != 4
# pair: scn204-dict-counter

import jax
import jax.numpy as jnp
from jax import lax
def body(i, state):
    x, calls = state
    return x + 1, calls + 1
out, calls = lax.fori_loop(0, 4, body, (0, 0))
calls = int(calls)

# case: scn204-list-item-counter-ok
# source: https://github.com/jax-ml/jax/issues/1708
# kind: lookalike
# rules: SCN204
# jax: symptom calls != 10
# pair: scn204-list-item-counter

import jax
import jax.numpy as jnp
from jax import lax
def body(state):
    val, count = state
    return val + 1, count + 1
out, count = lax.while_loop(lambda s: s[0] < 10, body, (0, 0))
calls = int(count)

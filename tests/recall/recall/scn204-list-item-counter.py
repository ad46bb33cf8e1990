# case: scn204-list-item-counter
# source: https://github.com/jax-ml/jax/issues/1708
# kind: mistake
# rules: SCN204
# jax: symptom calls != 10
# note: an outer list item counts body calls: 1, not 10

import jax
import jax.numpy as jnp
from jax import lax
u = [0]
def body(val):
    u[0] += 1
    return val + 1
out = lax.while_loop(lambda j: j < 10, body, 0)
calls = u[0]

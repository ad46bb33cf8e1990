# case: scn204-dict-counter
# source: https://github.com/tensorflow/probability/pull/1035
# kind: mistake
# rules: SCN204
# jax: symptom calls != 4
# note: a dict counter goes up once, at trace time

import jax
import jax.numpy as jnp
from jax import lax
import collections
counter = collections.Counter()
def body(i, x):
    counter['body_calls'] += 1
    return x + 1
out = lax.fori_loop(0, 4, body, 0)
calls = counter['body_calls']

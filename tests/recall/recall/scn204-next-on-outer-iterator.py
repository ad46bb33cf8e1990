# case: scn204-next-on-outer-iterator
# source: https://github.com/jax-ml/jax/issues/3567
# kind: mistake
# rules: SCN204
# jax: symptom float(total) != 30.0
# note: every step sees the first batch

import jax
import jax.numpy as jnp
from jax import lax
batches = iter([jnp.full(3, float(k)) for k in range(5)])
def body(i, total):
    batch = next(batches)
    return total + batch.sum()
total = lax.fori_loop(0, 5, body, 0.0)

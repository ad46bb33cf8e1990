# case: h208-int32-total-gets-mean
# source: https://github.com/jax-ml/jax/issues/833
# kind: mistake
# rules: SCN208
# jax: raises must have equal types
# note: an int32 accumulator receives a float mean

import jax.numpy as jnp
from jax import lax

def average_of_means(batches):
    def step(total, b):
        return total + jnp.mean(b), None
    return lax.scan(step, jnp.array(0, dtype=jnp.int32), batches)[0]

out = average_of_means(jnp.ones((3, 4)))

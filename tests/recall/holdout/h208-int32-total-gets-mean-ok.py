# case: h208-int32-total-gets-mean-ok
# source: https://github.com/jax-ml/jax/issues/833
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: h208-int32-total-gets-mean

import jax.numpy as jnp
from jax import lax

def average_of_means(batches):
    def step(total, b):
        return total + jnp.mean(b), None
    return lax.scan(step, jnp.array(0, dtype=jnp.float32), batches)[0]

out = average_of_means(jnp.ones((3, 4)))

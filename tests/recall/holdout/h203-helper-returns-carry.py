# case: h203-helper-returns-carry
# source: https://github.com/jax-ml/jax/issues/598
# kind: mistake
# rules: SCN203
# jax: raises scan body output must be a pair
# note: variant: the body returns a helper's result, which is only the carry

import jax
import jax.numpy as jnp

def momentum_update(v, g):
    return 0.9 * v + g

def accumulate(grads):
    def step(v, g):
        return momentum_update(v, g)
    return jax.lax.scan(step, jnp.zeros(2), grads)

out = accumulate(jnp.ones((3, 2)))

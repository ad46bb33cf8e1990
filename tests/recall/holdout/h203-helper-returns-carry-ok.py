# case: h203-helper-returns-carry-ok
# source: https://github.com/jax-ml/jax/issues/598
# kind: lookalike
# rules: SCN203
# jax: runs
# pair: h203-helper-returns-carry

import jax
import jax.numpy as jnp

def momentum_update(v, g):
    return 0.9 * v + g

def accumulate(grads):
    def step(v, g):
        v = momentum_update(v, g)
        return v, v
    return jax.lax.scan(step, jnp.zeros(2), grads)

out = accumulate(jnp.ones((3, 2)))

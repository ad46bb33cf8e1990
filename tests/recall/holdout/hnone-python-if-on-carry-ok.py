# case: hnone-python-if-on-carry-ok
# source: https://github.com/jax-ml/jax/issues/23637
# kind: lookalike
# rules: none
# jax: runs
# pair: hnone-python-if-on-carry

import jax
import jax.numpy as jnp

def wrap_phase(xs):
    def step(c, x):
        c = c + x
        c = jnp.where(c > 3.0, c - 3.0, c)
        return c, c
    return jax.lax.scan(step, 0.0, xs)

out = wrap_phase(jnp.ones(5))

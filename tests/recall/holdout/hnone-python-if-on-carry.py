# case: hnone-python-if-on-carry
# source: https://github.com/jax-ml/jax/issues/23637
# kind: mistake
# rules: none
# jax: raises Attempted boolean conversion
# note: a Python `if` on a traced carry

import jax
import jax.numpy as jnp

def wrap_phase(xs):
    def step(c, x):
        c = c + x
        if c > 3.0:
            c = c - 3.0
        return c, c
    return jax.lax.scan(step, 0.0, xs)

out = wrap_phase(jnp.ones(5))

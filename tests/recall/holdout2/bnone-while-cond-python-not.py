# case: bnone-while-cond-python-not
# source: https://github.com/jax-ml/jax/issues/2708
# kind: mistake
# rules: none
# jax: raises Attempted boolean conversion of traced array
# note: while_loop condition negated with Python `not`

from jax import numpy as jnp
from jax.lax import while_loop

def bf(x):
    return x + 1.0

def cf_ac(x):
    return not jnp.allclose(x, 10.0)

out = while_loop(cf_ac, bf, 0.0)

# case: bnone-while-cond-python-not-ok
# source: https://github.com/jax-ml/jax/issues/2708
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-while-cond-python-not

from jax import numpy as jnp
from jax.lax import while_loop

def bf(x):
    return x + 1.0

def cf_ac(x):
    return jnp.logical_not(jnp.allclose(x, 10.0))

out = while_loop(cf_ac, bf, 0.0)

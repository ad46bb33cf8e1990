# case: bnone-scan-body-takes-one-argument
# source: https://github.com/jax-ml/jax/issues/4811
# kind: mistake
# rules: none
# jax: raises positional argument
# note: a scan body written with one parameter

import jax.numpy as jnp
from jax.lax import scan

def sqrt_careful(x):
    def body(val):
        new_val = 0.5 * (val + x / val)
        return new_val, None

    res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
    return res

out = sqrt_careful(jnp.float32(2.0))

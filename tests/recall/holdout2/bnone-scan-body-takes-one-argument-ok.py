# case: bnone-scan-body-takes-one-argument-ok
# source: https://github.com/jax-ml/jax/issues/4811
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-scan-body-takes-one-argument

import jax.numpy as jnp
from jax.lax import scan

def sqrt_careful(x):
    def body(val, _):
        new_val = 0.5 * (val + x / val)
        return new_val, None

    res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
    return res

out = sqrt_careful(jnp.float32(2.0))

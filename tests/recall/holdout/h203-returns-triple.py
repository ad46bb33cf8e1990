# case: h203-returns-triple
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN203
# jax: raises scan body output must be a pair
# note: three outputs instead of (carry, (y1, y2))

import jax
import jax.numpy as jnp

def moments(xs):
    def step(total, x):
        total = total + x
        return total, x, x * x
    return jax.lax.scan(step, 0.0, xs)

out = moments(jnp.arange(3.0))

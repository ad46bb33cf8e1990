# case: h203-returns-triple-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN203
# jax: runs
# pair: h203-returns-triple

import jax
import jax.numpy as jnp

def moments(xs):
    def step(total, x):
        total = total + x
        return total, (x, x * x)
    return jax.lax.scan(step, 0.0, xs)

out = moments(jnp.arange(3.0))

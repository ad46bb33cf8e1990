# case: h201-none-slot-filled-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: h201-none-slot-filled

import jax
import jax.numpy as jnp

def track(xs):
    def step(carry, x):
        best, last = carry
        return (jnp.maximum(best, x), x), best
    return jax.lax.scan(step, (jnp.float32(-1e9), jnp.float32(0.0)), xs)

out = track(jnp.arange(3.0))

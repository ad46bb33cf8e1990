# case: h201-none-slot-filled
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: a `None` placeholder slot in the init gets an array

import jax
import jax.numpy as jnp

def track(xs):
    def step(carry, x):
        best, last = carry
        return (jnp.maximum(best, x), x), best
    return jax.lax.scan(step, (jnp.float32(-1e9), None), xs)

out = track(jnp.arange(3.0))

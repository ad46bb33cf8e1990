# case: b206-counter-indexes-short-array-ok
# source: https://github.com/patrick-kidger/equinox/issues/1142
# kind: lookalike
# rules: SCN206
# jax: symptom values.shape[0] == 3 and bool(jnp.all(values == values[0]))
# pair: b206-counter-indexes-short-array

import jax
import jax.numpy as jnp

def f(arr):
    def step(carry, row):
        return carry, row

    _, values = jax.lax.scan(step, None, arr)
    return values

values = f(jnp.array([[7.0, 13.0]]))

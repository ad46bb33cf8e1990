# case: b204-lax-map-body-stores-outer-list
# source: https://github.com/jax-ml/jax/issues/17415
# kind: mistake
# rules: SCN204
# jax: symptom type(out[0]).__name__.endswith('Tracer')
# note: thread: a vmapped function writes `l[0] = ...` expecting pass-by-reference; here a lax.map
#   body stores into a list of the enclosing function

import jax
import jax.numpy as jnp

def double_all(values):
    out = [None]

    def body(x):
        out[0] = x * 2
        return x

    jax.lax.map(body, values)
    return out

out = double_all(jnp.array([1, 2]))

# case: b301-comprehension-over-range
# source: https://github.com/jax-ml/jax/issues/212
# kind: mistake
# rules: SCN301
# jax: symptom n_eqns >= 256
# note: a list comprehension over range(256) under jit, stacked after (labelled not visible when
#   this corpus was written: SCN301 then read `for` statements only)

import jax
import jax.numpy as jnp

def take_row(x, i):
    return jnp.take(x, i, axis=0) * 2.0

@jax.jit
def per_row(x):
    return jnp.stack([take_row(x, i) for i in range(256)])

n_eqns = len(jax.make_jaxpr(per_row.__wrapped__)(jnp.ones((256, 2))).jaxpr.eqns)

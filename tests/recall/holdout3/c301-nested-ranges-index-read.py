# case: c301-nested-ranges-index-read
# source: https://github.com/jax-ml/jax/issues/4436
# kind: mistake
# rules: SCN301
# jax: symptom n_eqns >= 256
# note: two nested range(16) loops under @jit, each trip reading a[i] and a[j] into a Python-float
#   accumulator (the thread's nested range(128) loops of a[0])

import jax
import jax.numpy as jnp
from jax import jit

@jit
def foo(a):
    total = 0.0
    for i in range(16):
        for j in range(16):
            total = total + a[i] * a[j]
    return total

n_eqns = len(jax.make_jaxpr(foo.__wrapped__)(jnp.ones(16)).eqns)

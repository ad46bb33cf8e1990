# case: b301-ten-matmuls-in-loop
# source: https://github.com/patrick-kidger/equinox/issues/1141
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.dot_general') >= 10
# note: exactly ten trips (the documented minimum), the body calls a module-level helper

import jax
import jax.numpy as jnp

def f(a, b):
    return jnp.matmul(a, b)

@jax.jit
def fmain(a, b):
    for i in range(10):
        b = f(a, b) * 0.5
    return b

a = jnp.eye(3)
hlo = fmain.lower(a, a).as_text()

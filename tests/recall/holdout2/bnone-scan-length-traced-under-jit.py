# case: bnone-scan-length-traced-under-jit
# source: https://github.com/jax-ml/jax/pull/23228
# kind: mistake
# rules: none
# jax: raises The `length` argument to `scan` expects a concrete `int` value
# note: scan's length= is a traced argument of the jitted function

import jax

def repeat(n, x):
    return jax.lax.scan(lambda c, z: (c, z), x, (), length=n)

out = jax.jit(repeat)(3, 1.0)

# case: h202-empty-tuple-xs
# source: https://github.com/jax-ml/jax/issues/2777
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over
# note: variant: xs is the empty tuple `()` (as in jax#2777, which passed length=)

import jax

def doubling(c0):
    return jax.lax.scan(lambda c, _: (c * 2.0, c), c0, ())

out = doubling(1.0)

# case: h202-empty-tuple-xs-ok
# source: https://github.com/jax-ml/jax/issues/2777
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: h202-empty-tuple-xs

import jax

def doubling(c0):
    return jax.lax.scan(lambda c, _: (c * 2.0, c), c0, (), length=4)

out = doubling(1.0)

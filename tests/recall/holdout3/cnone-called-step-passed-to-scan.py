# case: cnone-called-step-passed-to-scan
# source: https://github.com/jax-ml/jax/pull/10262
# kind: mistake
# rules: none
# jax: raises f argument should be a callable
# note: the step is called where it should be passed

import jax
import jax.numpy as jnp

def decay(c, x):
    return 0.9 * c + x, c

def smooth(xs):
    return jax.lax.scan(decay(0.0, xs[0]), 0.0, xs)

out = smooth(jnp.arange(4.0))

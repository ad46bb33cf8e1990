# case: cnone-called-step-passed-to-scan-ok
# source: https://github.com/jax-ml/jax/pull/10262
# kind: lookalike
# rules: none
# jax: runs
# pair: cnone-called-step-passed-to-scan

import jax
import jax.numpy as jnp

def decay(c, x):
    return 0.9 * c + x, c

def smooth(xs):
    return jax.lax.scan(decay, 0.0, xs)

out = smooth(jnp.arange(4.0))

# case: c202-wrapper-length-optional
# source: https://github.com/genjax-community/genjax/issues/1248
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over and `length` not provided
# note: a wrapper whose `n` (the scan's length=) and inputs are optional, called with neither (the
#   thread: a combinator's `n` documented as optional but needed)

import jax
import jax.numpy as jnp

def unfold(kernel, init, inputs=None, n=None):
    return jax.lax.scan(kernel, init, inputs, length=n)

def walk_step(x, _):
    x = 0.9 * x + 1.0
    return x, x

final, path = unfold(walk_step, jnp.float32(0.0))

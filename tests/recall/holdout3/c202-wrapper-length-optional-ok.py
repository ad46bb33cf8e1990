# case: c202-wrapper-length-optional-ok
# source: https://github.com/genjax-community/genjax/issues/1248
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: c202-wrapper-length-optional

import jax
import jax.numpy as jnp

def unfold(kernel, init, inputs=None, n=None):
    return jax.lax.scan(kernel, init, inputs, length=n)

def walk_step(x, _):
    x = 0.9 * x + 1.0
    return x, x

final, path = unfold(walk_step, jnp.float32(0.0), n=5)

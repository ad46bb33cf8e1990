# case: h207-array-built-by-helper
# source: https://github.com/jax-ml/jax/issues/10596
# kind: mistake
# rules: SCN207
# jax: symptom bool((before == after).all())
# note: variant: the module-level array is built by a helper function

import jax
import jax.numpy as jnp

def make_weights(n):
    return jnp.ones((n, n)) / n

W = make_weights(64)

def step(h, x):
    return jnp.tanh(W @ h + x), h

@jax.jit
def encode(xs):
    return jax.lax.scan(step, jnp.zeros(64), xs)[0]

before = encode(jnp.ones((2, 64)))
W = make_weights(64) * 3.0
after = encode(jnp.ones((2, 64)))

# case: h207-array-built-by-helper-ok
# source: https://github.com/jax-ml/jax/issues/10596
# kind: lookalike
# rules: SCN207
# jax: symptom bool((before == after).all())
# pair: h207-array-built-by-helper

import jax
import jax.numpy as jnp

def make_weights(n):
    return jnp.ones((n, n)) / n

W = make_weights(64)

@jax.jit
def encode(w, xs):
    def step(h, x):
        return jnp.tanh(w @ h + x), h
    return jax.lax.scan(step, jnp.zeros(64), xs)[0]

before = encode(W, jnp.ones((2, 64)))
W = make_weights(64) * 3.0
after = encode(W, jnp.ones((2, 64)))

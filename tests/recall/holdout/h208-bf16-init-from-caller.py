# case: h208-bf16-init-from-caller
# source: https://github.com/jax-ml/jax/issues/833
# kind: mistake
# rules: SCN208
# jax: raises must have equal types
# note: variant: the caller casts the init to bfloat16; float32 weights promote it

from jax import lax
import jax.numpy as jnp

def rnn(h0, xs, w):
    def step(h, x):
        h = jnp.tanh(w @ h + x)
        return h, h
    return lax.scan(step, h0, xs)

W = jnp.eye(3)
out = rnn(jnp.zeros(3).astype(jnp.bfloat16), jnp.ones((2, 3)), W)

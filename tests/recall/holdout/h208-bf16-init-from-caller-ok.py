# case: h208-bf16-init-from-caller-ok
# source: https://github.com/jax-ml/jax/issues/833
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: h208-bf16-init-from-caller

from jax import lax
import jax.numpy as jnp

def rnn(h0, xs, w):
    def step(h, x):
        h = jnp.tanh(w @ h + x)
        return h, h
    return lax.scan(step, h0, xs)

W = jnp.eye(3)
out = rnn(jnp.zeros(3), jnp.ones((2, 3)), W)

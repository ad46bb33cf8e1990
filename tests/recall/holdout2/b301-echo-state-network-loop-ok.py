# case: b301-echo-state-network-loop-ok
# source: https://github.com/jax-ml/jax/issues/402
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.tanh') >= 60
# pair: b301-echo-state-network-loop

import jax.numpy as jnp
from jax import jit, lax

T = 60

@jit
def run_esn(h, inputs, W):
    def cell(h, u):
        h = jnp.tanh(W @ h + u)
        return h, None
    h, _ = lax.scan(cell, h, inputs)
    return h

h0, inputs, W = jnp.zeros(4), jnp.ones((T, 4)), 0.1 * jnp.eye(4)
hlo = run_esn.lower(h0, inputs, W).as_text()

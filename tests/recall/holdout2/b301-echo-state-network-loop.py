# case: b301-echo-state-network-loop
# source: https://github.com/jax-ml/jax/issues/402
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.tanh') >= 60
# note: `from jax import jit`, @jit, range of a module-level constant T = 60, the index reads
#   inputs[t]

import jax.numpy as jnp
from jax import jit

T = 60

@jit
def run_esn(h, inputs, W):
    for t in range(T):
        h = jnp.tanh(W @ h + inputs[t])
    return h

h0, inputs, W = jnp.zeros(4), jnp.ones((T, 4)), 0.1 * jnp.eye(4)
hlo = run_esn.lower(h0, inputs, W).as_text()

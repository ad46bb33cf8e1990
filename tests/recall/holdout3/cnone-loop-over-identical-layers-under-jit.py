# case: cnone-loop-over-identical-layers-under-jit
# source: https://github.com/patrick-kidger/equinox/issues/246
# kind: mistake
# rules: none
# jax: symptom hlo.count('stablehlo.tanh') >= 24
# note: a loop over a list of identically shaped layers under jit, compiled once per layer; SCN301
#   leaves loops over lists alone by design

import jax
import jax.numpy as jnp

layers = [(jnp.eye(8) * 0.5, jnp.ones(8) * k) for k in range(24)]

@jax.jit
def mlp(layers, x):
    for w, b in layers:
        x = jnp.tanh(w @ x + b)
    return x

hlo = mlp.lower(layers, jnp.ones(8)).as_text()

# case: c301-training-epochs-under-jit
# source: https://ghc.moz.qzz.io/Parametric-Matrix-Models/pyPMM/pull/5
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.dot_general') >= 30
# note: a gradient-descent training loop over range(EPOCHS) inside @jax.jit (the thread: training
#   compile times grown by Python for loops, rolled into scan)

import jax
import jax.numpy as jnp

EPOCHS = 30

def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)

@jax.jit
def train(w, x, y):
    for epoch in range(EPOCHS):
        g = jax.grad(loss)(w, x, y)
        w = w - 0.05 * g
    return w

hlo = train.lower(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8)).as_text()

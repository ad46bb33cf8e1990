# case: c301-training-epochs-under-jit-ok
# source: https://ghc.moz.qzz.io/Parametric-Matrix-Models/pyPMM/pull/5
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.dot_general') >= 30
# pair: c301-training-epochs-under-jit

import jax
import jax.numpy as jnp

EPOCHS = 30

def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)

@jax.jit
def train(w, x, y):
    def epoch_step(epoch, w):
        g = jax.grad(loss)(w, x, y)
        return w - 0.05 * g
    return jax.lax.fori_loop(0, EPOCHS, epoch_step, w)

hlo = train.lower(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8)).as_text()

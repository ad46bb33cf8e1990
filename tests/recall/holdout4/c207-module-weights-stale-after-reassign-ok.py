# case: c207-module-weights-stale-after-reassign-ok
# source: https://openillumi.com/en/en-jax-jit-external-variable-implicit-argument-jaxpr
# kind: lookalike
# rules: SCN207
# jax: symptom bool(jnp.allclose(first, second))
# pair: c207-module-weights-stale-after-reassign

import jax
import jax.numpy as jnp
import numpy as np

W = jnp.asarray(np.random.default_rng(0).normal(size=(40, 40)) * 0.1)


@jax.jit
def rollout(W, h0, xs):
    def cell(h, x):
        h = jnp.tanh(W @ h + x)
        return h, h.sum()
    return jax.lax.scan(cell, h0, xs)[0]


h0, xs = jnp.zeros(40), jnp.ones((5, 40))
first = rollout(W, h0, xs)
W = W * 0.0
second = rollout(W, h0, xs)

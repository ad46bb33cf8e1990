# case: c207-module-weights-stale-after-reassign
# source: https://openillumi.com/en/en-jax-jit-external-variable-implicit-argument-jaxpr
# kind: mistake
# rules: SCN207
# jax: symptom bool(jnp.allclose(first, second))
# note: a module-level def body reads a module-level matrix drawn from a NumPy generator (1,600
#   elements); the page's case is a learning rate read by a jitted step

import jax
import jax.numpy as jnp
import numpy as np

W = jnp.asarray(np.random.default_rng(0).normal(size=(40, 40)) * 0.1)


def cell(h, x):
    h = jnp.tanh(W @ h + x)
    return h, h.sum()


@jax.jit
def rollout(h0, xs):
    return jax.lax.scan(cell, h0, xs)[0]


h0, xs = jnp.zeros(40), jnp.ones((5, 40))
first = rollout(h0, xs)
W = W * 0.0
second = rollout(h0, xs)

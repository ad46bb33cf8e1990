# case: scn207-reloaded-weights-ignored-ok
# source: https://github.com/jax-ml/jax/issues/1426
# kind: lookalike
# rules: SCN207
# jax: symptom bool((before == after).all())
# pair: scn207-reloaded-weights-ignored

import jax
import jax.numpy as jnp
from jax import lax
def step(carry, x):
    h, weights = carry
    return (jnp.tanh(weights @ h + x), weights), h
@jax.jit
def run(weights, xs):
    return lax.scan(step, (jnp.zeros(40), weights), xs)[0][0]
WEIGHTS = jnp.ones((40, 40)) * 0.01
xs = jnp.ones((3, 40))
before = run(WEIGHTS, xs)
WEIGHTS = WEIGHTS * 3
after = run(WEIGHTS, xs)

# case: scn207-reloaded-weights-ignored
# source: https://github.com/jax-ml/jax/issues/1426
# kind: mistake
# rules: SCN207
# jax: symptom bool((before == after).all())
# note: new weights are ignored: the jitted loop captured the old ones

import jax
import jax.numpy as jnp
from jax import lax
WEIGHTS = jnp.ones((40, 40)) * 0.01
def step(h, x):
    return jnp.tanh(WEIGHTS @ h + x), h
@jax.jit
def run(xs):
    return lax.scan(step, jnp.zeros(40), xs)[0]
xs = jnp.ones((3, 40))
before = run(xs)
WEIGHTS = WEIGHTS * 3
after = run(xs)

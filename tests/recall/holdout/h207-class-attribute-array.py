# case: h207-class-attribute-array
# source: https://github.com/jax-ml/jax/issues/10596
# kind: mistake
# rules: SCN207
# jax: symptom bool((before == after).all())
# note: variant: the array is a class attribute, read as `Params.W`

import jax
import jax.numpy as jnp

class Params:
    W = jnp.ones((48, 48)) * 0.02

@jax.jit
def run(xs):
    def step(h, x):
        return jnp.tanh(Params.W @ h + x), h
    return jax.lax.scan(step, jnp.zeros(48), xs)[0]

before = run(jnp.ones((2, 48)))
Params.W = Params.W * 5.0
after = run(jnp.ones((2, 48)))

# case: h207-class-attribute-array-ok
# source: https://github.com/jax-ml/jax/issues/10596
# kind: lookalike
# rules: SCN207
# jax: symptom bool((before == after).all())
# pair: h207-class-attribute-array

import jax
import jax.numpy as jnp

class Params:
    W = jnp.ones((48, 48)) * 0.02

@jax.jit
def run(w, xs):
    def step(h, x):
        return jnp.tanh(w @ h + x), h
    return jax.lax.scan(step, jnp.zeros(48), xs)[0]

before = run(Params.W, jnp.ones((2, 48)))
Params.W = Params.W * 5.0
after = run(Params.W, jnp.ones((2, 48)))

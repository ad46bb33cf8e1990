# case: h207-array-in-module-dict
# source: https://github.com/jax-ml/jax/issues/10596
# kind: mistake
# rules: SCN207
# jax: symptom bool((before == after).all())
# note: variant: the array sits in a module-level dict

import jax
import jax.numpy as jnp

CONST = {'mix': jnp.ones((40, 40)) * 0.01}

@jax.jit
def mix(xs):
    def body(c, x):
        return CONST['mix'] @ c + x, c
    return jax.lax.scan(body, jnp.zeros(40), xs)[0]

before = mix(jnp.ones((2, 40)))
CONST['mix'] = CONST['mix'] * 4.0
after = mix(jnp.ones((2, 40)))

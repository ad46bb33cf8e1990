# case: h207-array-in-module-dict-ok
# source: https://github.com/jax-ml/jax/issues/10596
# kind: lookalike
# rules: SCN207
# jax: symptom bool((before == after).all())
# pair: h207-array-in-module-dict

import jax
import jax.numpy as jnp

CONST = {'mix': jnp.ones((40, 40)) * 0.01}

@jax.jit
def mix(m, xs):
    def body(c, x):
        return m @ c + x, c
    return jax.lax.scan(body, jnp.zeros(40), xs)[0]

before = mix(CONST['mix'], jnp.ones((2, 40)))
CONST['mix'] = CONST['mix'] * 4.0
after = mix(CONST['mix'], jnp.ones((2, 40)))

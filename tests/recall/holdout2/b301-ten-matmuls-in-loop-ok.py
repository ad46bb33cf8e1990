# case: b301-ten-matmuls-in-loop-ok
# source: https://github.com/patrick-kidger/equinox/issues/1141
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.dot_general') >= 10
# pair: b301-ten-matmuls-in-loop

import jax
import jax.numpy as jnp

def f(a, b):
    return jnp.matmul(a, b)

@jax.jit
def fmain(a, b):
    def body(i, b):
        return f(a, b) * 0.5
    return jax.lax.fori_loop(0, 10, body, b)

a = jnp.eye(3)
hlo = fmain.lower(a, a).as_text()

# case: b301-tutorial-loop-jitted-by-assignment-ok
# source: https://theneuralbase.com/jax/learn/beginner/what-jit-compiles-xla-computation/
# kind: lookalike
# rules: SCN301
# jax: symptom n_eqns >= 1000
# pair: b301-tutorial-loop-jitted-by-assignment

import jax
import jax.numpy as jnp

def slow_function(x):
    def body(i, result):
        return result + jnp.sin(x) * 0.001
    return jax.lax.fori_loop(0, 1000, body, 0.0)

jit_function = jax.jit(slow_function)
n_eqns = len(jax.make_jaxpr(slow_function)(jnp.array(3.14)).jaxpr.eqns)

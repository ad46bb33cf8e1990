# case: b301-tutorial-loop-jitted-by-assignment
# source: https://theneuralbase.com/jax/learn/beginner/what-jit-compiles-xla-computation/
# kind: mistake
# rules: SCN301
# jax: symptom n_eqns >= 1000
# note: a Python-float accumulator over range(1000) in a function jitted by assignment

import jax
import jax.numpy as jnp

def slow_function(x):
    result = 0.0
    for i in range(1000):
        result = result + jnp.sin(x) * 0.001
    return result

jit_function = jax.jit(slow_function)
n_eqns = len(jax.make_jaxpr(slow_function)(jnp.array(3.14)).jaxpr.eqns)

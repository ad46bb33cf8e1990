# case: c301-generator-sum-default-terms
# source: https://github.com/jax-ml/jax/pull/4830
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.sine') >= 30
# note: a generator expression summed over range of a parameter default (traced when passed, so the
#   default is what every trace uses); the FAQ entry names Python for loops under jit as the usual
#   cause of slow compiles

import jax
import jax.numpy as jnp

@jax.jit
def series(x, n_terms=30):
    return sum(jnp.sin(k * x) / (k + 1) for k in range(n_terms))

hlo = series.lower(jnp.ones(4)).as_text()

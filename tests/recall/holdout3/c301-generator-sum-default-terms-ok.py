# case: c301-generator-sum-default-terms-ok
# source: https://github.com/jax-ml/jax/pull/4830
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.sine') >= 30
# pair: c301-generator-sum-default-terms

import jax
import jax.numpy as jnp

@jax.jit
def series(x, n_terms=30):
    def term(k, acc):
        return acc + jnp.sin(k * x) / (k + 1)
    return jax.lax.fori_loop(0, 30, term, jnp.zeros_like(x))

hlo = series.lower(jnp.ones(4)).as_text()

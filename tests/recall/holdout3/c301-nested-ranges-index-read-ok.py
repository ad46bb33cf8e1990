# case: c301-nested-ranges-index-read-ok
# source: https://github.com/jax-ml/jax/issues/4436
# kind: lookalike
# rules: SCN301
# jax: symptom n_eqns >= 256
# pair: c301-nested-ranges-index-read

import jax
import jax.numpy as jnp
from jax import jit

@jit
def foo(a):
    def outer(i, total):
        def inner(j, total):
            return total + a[i] * a[j]
        return jax.lax.fori_loop(0, 16, inner, total)
    return jax.lax.fori_loop(0, 16, outer, 0.0)

n_eqns = len(jax.make_jaxpr(foo.__wrapped__)(jnp.ones(16)).eqns)

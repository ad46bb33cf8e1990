# case: h301-at-set-per-index
# source: https://github.com/jax-ml/jax/issues/15761
# kind: mistake
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# note: an element-by-element `.at[].set` loop under jit

import jax
import jax.numpy as jnp

@jax.jit
def gather_doubled(vec):
    out = jnp.zeros(32)
    for idx in range(32):
        out = out.at[idx].set(vec[idx] * 2.0)
    return out

probe, probe_args = gather_doubled, (jnp.arange(32.0),)

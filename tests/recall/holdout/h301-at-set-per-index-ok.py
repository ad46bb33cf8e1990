# case: h301-at-set-per-index-ok
# source: https://github.com/jax-ml/jax/issues/15761
# kind: lookalike
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# pair: h301-at-set-per-index

import jax
import jax.numpy as jnp

@jax.jit
def gather_doubled(vec):
    return vec[:32] * 2.0

probe, probe_args = gather_doubled, (jnp.arange(32.0),)

# case: h301-jit-applied-by-call-ok
# source: https://github.com/eelregit/pmwd/issues/9
# kind: lookalike
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# pair: h301-jit-applied-by-call

import jax
import jax.numpy as jnp

def nbody(x, v):
    def kick_drift(state, _):
        x, v = state
        a = -x / (jnp.sum(x * x) + 1.0)
        v = v + 0.1 * a
        return (x + 0.1 * v, v), None
    return jax.lax.scan(kick_drift, (x, v), None, length=25)[0][0]

nbody_jit = jax.jit(nbody)
probe, probe_args = nbody_jit, (jnp.ones(3), jnp.zeros(3))

# case: h301-jit-applied-by-call
# source: https://github.com/eelregit/pmwd/issues/9
# kind: mistake
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# note: variant: jit applied by a call, `jax.jit(nbody)`

import jax
import jax.numpy as jnp

def nbody(x, v):
    for step in range(25):
        a = -x / (jnp.sum(x * x) + 1.0)
        v = v + 0.1 * a
        x = x + 0.1 * v
    return x

nbody_jit = jax.jit(nbody)
probe, probe_args = nbody_jit, (jnp.ones(3), jnp.zeros(3))

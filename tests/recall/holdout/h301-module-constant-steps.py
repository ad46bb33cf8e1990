# case: h301-module-constant-steps
# source: https://github.com/QuantEcon/lecture-python-programming/pull/442
# kind: mistake
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# note: variant: N is a module-level constant, `range(N_STEPS)`

import jax
import jax.numpy as jnp

N_STEPS = 40

@jax.jit
def price_paths(key, s, h):
    for t in range(N_STEPS):
        key, sub = jax.random.split(key)
        z = jax.random.normal(sub, (2, 8))
        s = s + 0.01 + jnp.exp(h) * z[0]
        h = 0.9 * h + 0.1 * z[1]
    return s

probe, probe_args = price_paths, (jax.random.PRNGKey(1), jnp.zeros(8), jnp.zeros(8))

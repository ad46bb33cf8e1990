# case: h301-unrolled-rollout
# source: https://github.com/jax-ml/jax/issues/2777
# kind: mistake
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# note: a decorated jit, `for _ in range(24)`

import jax
import jax.numpy as jnp

def gate(key, a, b):
    key, sub = jax.random.split(key)
    g = jax.random.uniform(sub, (4, 1))
    return key, 0.5 * (a + g * a), 0.5 * (b + (1 - g) * b)

@jax.jit
def sample(key, a, b):
    for _ in range(24):
        key, a, b = gate(key, a, b)
    return a

probe, probe_args = sample, (jax.random.PRNGKey(0), jnp.ones((4, 2)), jnp.ones((4, 2)))

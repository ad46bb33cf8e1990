# case: h301-loop-inside-scan-cell-ok
# source: https://github.com/jax-ml/jax/issues/3596
# kind: lookalike
# rules: SCN301
# jax: symptom (lambda j:
#   len(j.eqns[0].params['jaxpr'].jaxpr.eqns[-1].params['jaxpr'].jaxpr.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args))
#   >= 30
# pair: h301-loop-inside-scan-cell

import jax
import jax.numpy as jnp

@jax.jit
def rnn(xs, observers):
    def cell(acc, x):
        acc = acc + jnp.sum(observers[:30]) * x
        return acc, acc
    return jax.lax.scan(cell, jnp.zeros(()), xs)[0]

probe, probe_args = rnn, (jnp.ones(4), jnp.ones(30))

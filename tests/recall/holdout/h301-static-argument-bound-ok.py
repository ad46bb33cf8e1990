# case: h301-static-argument-bound-ok
# source: https://github.com/jax-ml/jax/issues/27033
# kind: lookalike
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# pair: h301-static-argument-bound

from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("size",))
def add_ramps(x, size):
    def body(i, out):
        return out + i * jnp.arange(size)
    return jax.lax.fori_loop(0, size, body, x + jnp.zeros(size))

probe, probe_args = partial(add_ramps, size=24), (1.0,)

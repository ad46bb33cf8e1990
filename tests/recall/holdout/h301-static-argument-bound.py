# case: h301-static-argument-bound
# source: https://github.com/jax-ml/jax/issues/27033
# kind: mistake
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# visible: no
# note: `range(size)` with a static argument: N is known only at the call, not from the loop's
#   source, so outside SCN301's stated scope

from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("size",))
def add_ramps(x, size):
    out = x + jnp.zeros(size)
    for i in range(size):
        out = out + i * jnp.arange(size)
    return out

probe, probe_args = partial(add_ramps, size=24), (1.0,)

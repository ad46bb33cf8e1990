# case: h301-jitted-method
# source: https://github.com/Herculens/herculens/pull/29
# kind: mistake
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# note: variant: a method jitted with partial(jax.jit, ...)

from functools import partial
import jax
import jax.numpy as jnp

class Lens:
    def __init__(self, q):
        self.q = q

    @partial(jax.jit, static_argnums=0)
    def omega(self, phi):
        total = jnp.zeros_like(phi)
        for k in range(20):
            total = total + jnp.cos(2.0 * k * phi) * self.q ** k
        return total

lens = Lens(0.5)
probe, probe_args = lens.omega, (jnp.linspace(0.0, 1.0, 5),)

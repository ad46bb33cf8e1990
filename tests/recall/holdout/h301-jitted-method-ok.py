# case: h301-jitted-method-ok
# source: https://github.com/Herculens/herculens/pull/29
# kind: lookalike
# rules: SCN301
# jax: symptom (lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and 'jaxpr'
#   in j.eqns[0].params else len(j.eqns))(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 20
# pair: h301-jitted-method

from functools import partial
import jax
import jax.numpy as jnp

class Lens:
    def __init__(self, q):
        self.q = q

    @partial(jax.jit, static_argnums=0)
    def omega(self, phi):
        def body(k, total):
            return total + jnp.cos(2.0 * k * phi) * self.q ** k
        return jax.lax.fori_loop(0, 20, body, jnp.zeros_like(phi))

lens = Lens(0.5)
probe, probe_args = lens.omega, (jnp.linspace(0.0, 1.0, 5),)

# case: bnone-loop-over-array-elements-under-jit-ok
# source: https://github.com/jax-ml/jax/issues/2515
# kind: lookalike
# rules: none
# jax: symptom n_eqns >= 100
# pair: bnone-loop-over-array-elements-under-jit

from jax import jit
from jax.numpy import sqrt, pi, exp, log
import jax
import jax.numpy as jnp

def _Likelihood(s, m, w):
    term = -log(1 / (s * sqrt(2. * pi)) * exp(-((w - m) / s) ** 2 / 2.))
    return term.sum()

x = jnp.linspace(90.0, 110.0, 100)
n_eqns = len(jax.make_jaxpr(_Likelihood)(5.0, 100.0, x).jaxpr.eqns)

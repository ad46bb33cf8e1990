# case: bnone-loop-over-array-elements-under-jit
# source: https://github.com/jax-ml/jax/issues/2515
# kind: mistake
# rules: none
# jax: symptom n_eqns >= 100
# note: a Python loop over an array's elements inside a function the thread jits: unrolled once per
#   element (not a `range` loop)

from jax import jit
from jax.numpy import sqrt, pi, exp, log
import jax
import jax.numpy as jnp

def _Likelihood(s, m, w):
    sum = 0
    for _x in w:
        term = -log(1 / (s * sqrt(2. * pi)) * exp(-((_x - m) / s) ** 2 / 2.))
        sum += term
    return sum

x = jnp.linspace(90.0, 110.0, 100)
n_eqns = len(jax.make_jaxpr(_Likelihood)(5.0, 100.0, x).jaxpr.eqns)

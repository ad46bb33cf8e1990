# case: bnone-range-of-shape-jitted-by-assignment
# source: https://github.com/jax-ml/jax/issues/3083
# kind: mistake
# rules: none
# jax: symptom n_eqns >= 30
# note: range(x.shape[0]) under jit by assignment: the trip count comes from a shape, which the
#   documented scope leaves out

import jax.numpy as jnp
from jax import jit
import jax

def decay_sum_jax(x, decay):
    y = jnp.zeros(x.shape)
    for t in range(x.shape[0]):
        y = y.at[t].set(x[t] + y[t - 1] * decay)
    return y

decay_sum_jit = jit(decay_sum_jax)
n_eqns = len(jax.make_jaxpr(decay_sum_jax)(jnp.ones((30, 3)), 0.9).jaxpr.eqns)

# case: bnone-range-of-shape-jitted-by-assignment-ok
# source: https://github.com/jax-ml/jax/issues/3083
# kind: lookalike
# rules: none
# jax: symptom n_eqns >= 30
# pair: bnone-range-of-shape-jitted-by-assignment

import jax.numpy as jnp
from jax import jit
import jax

def decay_sum_jax(x, decay):
    def step(prev, row):
        y = row + prev * decay
        return y, y
    _, y = jax.lax.scan(step, jnp.zeros(x.shape[1:]), x)
    return y

decay_sum_jit = jit(decay_sum_jax)
n_eqns = len(jax.make_jaxpr(decay_sum_jax)(jnp.ones((30, 3)), 0.9).jaxpr.eqns)

# case: b301-comprehension-over-range-ok
# source: https://github.com/jax-ml/jax/issues/212
# kind: lookalike
# rules: SCN301
# jax: symptom n_eqns >= 256
# pair: b301-comprehension-over-range

import jax
import jax.numpy as jnp

def take_row(x, i):
    return jnp.take(x, i, axis=0) * 2.0

@jax.jit
def per_row(x):
    return jax.lax.map(lambda i: take_row(x, i), jnp.arange(256))

n_eqns = len(jax.make_jaxpr(per_row.__wrapped__)(jnp.ones((256, 2))).jaxpr.eqns)

# case: c207-module-index-arrays-via-helper
# source: https://github.com/jax-ml/jax/issues/23479
# kind: mistake
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) in ((1200, 4), (1200,)) for c in consts)
# note: module-level jnp.ones and jax.random.randint arrays, sizes from module constants, read
#   through a module-level helper the scan body calls (the thread closes over them in a jitted
#   function)

import jax
import jax.numpy as jnp

m, n, s = 1200, 50, 4
alpha = jnp.ones((m, s))
idx1 = jax.random.randint(jax.random.PRNGKey(0), (m,), 0, n)

def pair_term(params):
    return jnp.sum(params[idx1, :] * alpha, axis=1)

def step(params, _):
    params = params - 1e-3 * pair_term(params).mean()
    return params, params.sum()

def forward(params):
    return jax.lax.scan(step, params, None, length=3)

consts = jax.make_jaxpr(forward)(jnp.ones((n, s))).consts

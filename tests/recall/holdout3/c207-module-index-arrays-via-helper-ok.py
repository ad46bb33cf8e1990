# case: c207-module-index-arrays-via-helper-ok
# source: https://github.com/jax-ml/jax/issues/23479
# kind: lookalike
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) in ((1200, 4), (1200,)) for c in consts)
# pair: c207-module-index-arrays-via-helper

import jax
import jax.numpy as jnp

m, n, s = 1200, 50, 4
alpha = jnp.ones((m, s))
idx1 = jax.random.randint(jax.random.PRNGKey(0), (m,), 0, n)

def pair_term(params, alpha, idx1):
    return jnp.sum(params[idx1, :] * alpha, axis=1)

def forward(params, alpha, idx1):
    def step(params, _):
        params = params - 1e-3 * pair_term(params, alpha, idx1).mean()
        return params, params.sum()
    return jax.lax.scan(step, params, None, length=3)

consts = jax.make_jaxpr(forward)(jnp.ones((n, s)), alpha, idx1).consts

# case: e302-builtin-sum-integrate
# source: https://github.com/jax-ml/jax/issues/1776
# kind: mistake
# rules: SCN302
# jax: symptom jaxpr_len(integrate) > 20 * jaxpr_len(integrate_reduced)
# note: numerical integration of a product of Gaussian pdfs on a grid, where Python's
#   builtin sum() iterates over the traced product array element by element under jit;
#   the issue used jax.scipy.stats.norm.pdf and a 6400-point grid.

import jax
import jax.numpy as jnp

integr_resolution = 500
lower_bound, upper_bound = -100.0, 100.0
integr_grid = jnp.linspace(lower_bound, upper_bound, integr_resolution)
integration_weight = (upper_bound - lower_bound) / integr_resolution


def pdf(x):
    return jnp.exp(-0.5 * x**2) / jnp.sqrt(2.0 * jnp.pi)


proba = pdf(integr_grid)


def integrate(mu_new):
    proba_new = pdf(integr_grid - mu_new)
    total_proba = sum(proba * proba_new * integration_weight)
    return total_proba


def integrate_reduced(mu_new):
    proba_new = pdf(integr_grid - mu_new)
    return jnp.sum(proba * proba_new * integration_weight)


def jaxpr_len(f):
    return len(str(jax.make_jaxpr(f)(1.0)))


print(float(jax.jit(integrate_reduced)(1.0)))
print(jaxpr_len(integrate), jaxpr_len(integrate_reduced))

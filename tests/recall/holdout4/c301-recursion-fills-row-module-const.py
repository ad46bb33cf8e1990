# case: c301-recursion-fills-row-module-const
# source: https://github.com/astro-informatics/s2fft/pull/95
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.cosine') >= 30
# note: a three-term recursion written into a preallocated row with `.at[el].set`, `range(2, L)` of
#   a module constant, under `@partial(jax.jit, ...)`

from functools import partial

import jax
import jax.numpy as jnp

L = 32


@partial(jax.jit, static_argnums=())
def legendre_row(x):
    p = jnp.zeros(L).at[0].set(1.0).at[1].set(x)
    for el in range(2, L):
        nxt = ((2 * el - 1) * x * p[el - 1] - (el - 1) * p[el - 2]) / el
        p = p.at[el].set(jnp.cos(0.0 * nxt) * nxt)
    return p


hlo = legendre_row.lower(0.3).as_text()

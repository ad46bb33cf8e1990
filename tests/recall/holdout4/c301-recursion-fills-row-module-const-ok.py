# case: c301-recursion-fills-row-module-const-ok
# source: https://github.com/astro-informatics/s2fft/pull/95
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.cosine') >= 30
# pair: c301-recursion-fills-row-module-const

from functools import partial

import jax
import jax.numpy as jnp

L = 32


@partial(jax.jit, static_argnums=())
def legendre_row(x):
    p = jnp.zeros(L).at[0].set(1.0).at[1].set(x)

    def step(el, p):
        nxt = ((2 * el - 1) * x * p[el - 1] - (el - 1) * p[el - 2]) / el
        return p.at[el].set(jnp.cos(0.0 * nxt) * nxt)

    return jax.lax.fori_loop(2, L, step, p)


hlo = legendre_row.lower(0.3).as_text()

# case: c301-reversed-range-over-links-ok
# source: https://github.com/gbionics/jaxsim/issues/5
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.multiply') >= 20
# pair: c301-reversed-range-over-links

import jax
import jax.numpy as jnp

N_LINKS = 24

def composite_inertia(inertias, parents_weight):
    def back(k, acc):
        i = N_LINKS - 1 - k
        return acc.at[i - 1].add(parents_weight * acc[i])
    return jax.lax.fori_loop(0, N_LINKS - 1, back, inertias)

crba = jax.jit(composite_inertia)
hlo = crba.lower(jnp.ones((N_LINKS, 3, 3)), 0.5).as_text()

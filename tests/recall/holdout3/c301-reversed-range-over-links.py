# case: c301-reversed-range-over-links
# source: https://github.com/gbionics/jaxsim/issues/5
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.multiply') >= 20
# note: jitted by assignment at module level, a backward range(N - 1, 0, -1) over links with
#   .at[].add (the thread: a rigid-body algorithm in Python for loops)

import jax
import jax.numpy as jnp

N_LINKS = 24

def composite_inertia(inertias, parents_weight):
    acc = inertias
    for i in range(N_LINKS - 1, 0, -1):
        acc = acc.at[i - 1].add(parents_weight * acc[i])
    return acc

crba = jax.jit(composite_inertia)
hlo = crba.lower(jnp.ones((N_LINKS, 3, 3)), 0.5).as_text()

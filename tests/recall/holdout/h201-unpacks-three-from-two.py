# case: h201-unpacks-three-from-two
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises not enough values to unpack
# note: the body unpacks three names from a two-slot init (`from jax.lax import fori_loop`)

import jax.numpy as jnp
from jax.lax import fori_loop

def kinematics(p0, v0):
    def body(i, s):
        p, v, a = s
        return p + v, v + a, a
    return fori_loop(0, 3, body, (p0, v0))

out = kinematics(jnp.zeros(2), jnp.ones(2))

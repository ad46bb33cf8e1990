# case: h201-unpacks-three-from-two-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: h201-unpacks-three-from-two

import jax.numpy as jnp
from jax.lax import fori_loop

def kinematics(p0, v0):
    def body(i, s):
        p, v, a = s
        return p + v, v + a, a
    return fori_loop(0, 3, body, (p0, v0, jnp.zeros(2)))

out = kinematics(jnp.zeros(2), jnp.ones(2))

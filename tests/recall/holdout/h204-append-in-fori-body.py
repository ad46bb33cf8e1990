# case: h204-append-in-fori-body
# source: https://github.com/jax-ml/jax/pull/7556
# kind: mistake
# rules: SCN204
# jax: raises unexpected tracer
# note: a fori_loop body appends to a list of the enclosing function

import jax.numpy as jnp
from jax import lax

def orbit(theta0):
    snapshots = []
    def body(i, th):
        th = th + 0.1
        snapshots.append(jnp.sin(th))
        return th
    lax.fori_loop(0, 4, body, theta0)
    return jnp.stack(snapshots)

out = orbit(0.0)

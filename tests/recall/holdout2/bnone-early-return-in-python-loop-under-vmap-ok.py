# case: bnone-early-return-in-python-loop-under-vmap-ok
# source: https://github.com/jax-ml/jax/issues/24740
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-early-return-in-python-loop-under-vmap

import jax
from jax import numpy as jnp
from jax import vmap

def mandle_brot(c, max_iter):
    def body(i, state):
        z, count = state
        z = z * z + c
        count = jnp.where((jnp.abs(z) > 2.0) & (count == max_iter), i, count)
        return z, count
    z, count = jax.lax.fori_loop(0, max_iter, body, (0.0 + 0.0j, max_iter))
    return jnp.array([count])

Z = jnp.array([-0.75 + 0.1j, 0.3 + 0.5j])
out = vmap(mandle_brot, in_axes=(0, None))(Z, 10)

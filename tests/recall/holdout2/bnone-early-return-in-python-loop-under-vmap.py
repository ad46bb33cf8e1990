# case: bnone-early-return-in-python-loop-under-vmap
# source: https://github.com/jax-ml/jax/issues/24740
# kind: mistake
# rules: none
# jax: raises Attempted boolean conversion of traced array
# note: a Python `for` with an early `return` on a traced test, under vmap

import jax
from jax import numpy as jnp
from jax import vmap

def mandle_brot(c, max_iter):
    z = jnp.array([0.0 + 0.0j])
    for i in range(max_iter):
        z = z * z + c
        if jnp.abs(z) > 2.0:
            return jnp.array([i])
    return jnp.array([max_iter])

Z = jnp.array([-0.75 + 0.1j, 0.3 + 0.5j])
out = vmap(mandle_brot, in_axes=(0, None))(Z, 10)

# case: c207-module-matrix-in-fori-body-ok
# source: https://github.com/jax-ml/jax/issues/16278
# kind: lookalike
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (40, 30, 20) for c in consts)
# pair: c207-module-matrix-in-fori-body

import numpy as np
import jax
import jax.numpy as jnp

bigmat = jnp.array(np.random.random((40, 30, 20)))

def foo(x, mat):
    def body(i, f):
        gx = mat[i] @ jnp.ones(20)
        return f.at[i].set(gx.sum())
    return jax.lax.fori_loop(0, 3, body, jnp.zeros(x.shape[0]))

consts = jax.make_jaxpr(foo)(jnp.ones(20), bigmat).consts

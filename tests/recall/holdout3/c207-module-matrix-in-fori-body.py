# case: c207-module-matrix-in-fori-body
# source: https://github.com/jax-ml/jax/issues/16278
# kind: mistake
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (40, 30, 20) for c in consts)
# note: a module-level jnp.array(np.random.random(...)) read by a module-level fori_loop body (the
#   thread closes over it with jit(lambda y: foo(y, bigmat)))

import numpy as np
import jax
import jax.numpy as jnp

bigmat = jnp.array(np.random.random((40, 30, 20)))

def body(i, f):
    gx = bigmat[i] @ jnp.ones(20)
    return f.at[i].set(gx.sum())

def foo(x):
    return jax.lax.fori_loop(0, 3, body, jnp.zeros(x.shape[0]))

consts = jax.make_jaxpr(foo)(jnp.ones(20)).consts

# case: b207-partial-binds-module-basis
# source: https://github.com/jax-ml/jax/issues/10615
# kind: mistake
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (32, 40) for c in consts)
# note: a module-level functools.partial binds a module-level array (np.linspace reshaped, wrapped
#   in jnp.asarray); the body calls the partial

from functools import partial
import numpy as np
import jax
import jax.numpy as jnp

BASIS = jnp.asarray(np.linspace(-1.0, 1.0, 32 * 40).reshape(32, 40))

def apply_basis(x, basis):
    return basis.T @ (basis @ x) * 1e-3

project = partial(apply_basis, basis=BASIS)

def smooth(x, n):
    def body(c, _):
        c = project(c)
        return c, c.sum()
    return jax.lax.scan(body, x, None, length=n)

consts = jax.make_jaxpr(lambda x: smooth(x, 4))(jnp.ones(40)).consts

# case: b207-partial-binds-module-basis-ok
# source: https://github.com/jax-ml/jax/issues/10615
# kind: lookalike
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (32, 40) for c in consts)
# pair: b207-partial-binds-module-basis

from functools import partial
import numpy as np
import jax
import jax.numpy as jnp

BASIS = jnp.asarray(np.linspace(-1.0, 1.0, 32 * 40).reshape(32, 40))

def apply_basis(x, basis):
    return basis.T @ (basis @ x) * 1e-3

def smooth(basis, x, n):
    project = partial(apply_basis, basis=basis)
    def body(c, _):
        c = project(c)
        return c, c.sum()
    return jax.lax.scan(body, x, None, length=n)

consts = jax.make_jaxpr(lambda b, x: smooth(b, x, 4))(BASIS, jnp.ones(40)).consts

# case: e301-ndim-loop-ok
# source: https://github.com/jax-ml/jax/issues/1897
# kind: lookalike
# rules: SCN301
# jax: symptom laplacian_jaxpr_chars > 20 * line_jaxpr_chars
# note: a jitted finite-difference Laplacian that loops `for axis in range(u.ndim)` over
#   the (at most three) dimensions of its input: an intentional small unroll. The thread
#   was told that for loops over about three things scan will not help.

import jax
import jax.numpy as jnp


@jax.jit
def laplacian(u, dx=1.0):
    out = jnp.zeros_like(u)
    for axis in range(u.ndim):
        out = out + (jnp.roll(u, 1, axis) - 2.0 * u + jnp.roll(u, -1, axis)) / dx**2
    return out


u = jnp.ones((16, 16, 16)).at[8, 8, 8].set(2.0)
print(float(laplacian(u)[8, 8, 8]))
laplacian_jaxpr_chars = len(str(jax.make_jaxpr(laplacian)(u)))
line_jaxpr_chars = len(str(jax.make_jaxpr(laplacian)(jnp.ones(16))))
print(laplacian_jaxpr_chars, line_jaxpr_chars)

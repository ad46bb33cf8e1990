# case: c301-comprehension-of-knots-stacked
# source: https://github.com/OpenSCvx/OpenSCvx/issues/340
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.sine') >= 40
# note: a list comprehension over `range` of a module constant, stacked, under `@jax.jit`; the
#   issue asks to replace such loops with `lax.scan`

import jax
import jax.numpy as jnp

N_NODES = 40


def propagate(x, k):
    return jnp.sin(x * (k + 1)) + 0.5 * x


@jax.jit
def trajectory(x0):
    return jnp.stack([propagate(x0, k) for k in range(N_NODES)])


hlo = trajectory.lower(jnp.ones(6)).as_text()

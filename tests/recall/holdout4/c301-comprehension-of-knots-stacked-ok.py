# case: c301-comprehension-of-knots-stacked-ok
# source: https://github.com/OpenSCvx/OpenSCvx/issues/340
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.sine') >= 40
# pair: c301-comprehension-of-knots-stacked

import jax
import jax.numpy as jnp

N_NODES = 40


def propagate(x, k):
    return jnp.sin(x * (k + 1)) + 0.5 * x


@jax.jit
def trajectory(x0):
    return jax.lax.map(lambda k: propagate(x0, k), jnp.arange(N_NODES))


hlo = trajectory.lower(jnp.ones(6)).as_text()

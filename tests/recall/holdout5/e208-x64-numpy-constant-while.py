# case: e208-x64-numpy-constant-while
# source: https://github.com/Joshuaalbert/jaxns/issues/154
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: with jax_enable_x64 on, a nested-sampling style while_loop carries explicitly
#   float32 evidence terms in a NamedTuple while the body shrinks log_X by a NumPy float64
#   constant (np.log1p(-1 / num_live)); jaxns's real state held dozens of such fields.

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)


class EvidenceCalculation(NamedTuple):
    log_X_mean: jax.Array
    log_Z_mean: jax.Array
    num_steps: jax.Array


def run(log_L, num_live=50):
    shrink = np.log1p(-1.0 / num_live)  # numpy.float64

    def cond(state):
        return state.num_steps < log_L.shape[0]

    def body(state):
        log_X = state.log_X_mean + shrink
        log_dZ = log_L[state.num_steps] + log_X
        log_Z = jnp.logaddexp(state.log_Z_mean, log_dZ)
        return EvidenceCalculation(log_X, log_Z, state.num_steps + 1)

    init = EvidenceCalculation(jnp.float32(0.0), jnp.float32(-jnp.inf), jnp.int32(0))
    return jax.lax.while_loop(cond, body, init)


out = jax.jit(run)(jnp.linspace(-10.0, 0.0, 100, dtype=jnp.float32))
print(out)

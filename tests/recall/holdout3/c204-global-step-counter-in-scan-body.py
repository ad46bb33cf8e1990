# case: c204-global-step-counter-in-scan-body
# source: https://github.com/jax-ml/jax/issues/16637
# kind: mistake
# rules: SCN204
# jax: symptom n_calls != 5
# note: a `global` counter bumped in the body counts one trace, not five steps; the thread counts
#   steps with jax.debug.callback, which the look-alike does

import jax
import jax.numpy as jnp

n_calls = 0

def integrate(x, _):
    global n_calls
    n_calls += 1
    return jnp.sin(x), None

out, _ = jax.lax.scan(integrate, 1.0, None, length=5)

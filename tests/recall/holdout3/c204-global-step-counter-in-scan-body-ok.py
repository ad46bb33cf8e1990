# case: c204-global-step-counter-in-scan-body-ok
# source: https://github.com/jax-ml/jax/issues/16637
# kind: lookalike
# rules: SCN204
# jax: symptom n_calls != 5
# pair: c204-global-step-counter-in-scan-body

import jax
import jax.numpy as jnp

n_calls = 0

def count():
    global n_calls
    n_calls += 1

def integrate(x, _):
    jax.debug.callback(count)
    return jnp.sin(x), None

out, _ = jax.lax.scan(integrate, 1.0, None, length=5)
jax.effects_barrier()

# case: b204-print-in-scan-body-ok
# source: https://github.com/jax-ml/jax/issues/196
# kind: lookalike
# rules: SCN204
# jax: symptom 'Tracer' in printed
# pair: b204-print-in-scan-body

import jax
import jax.numpy as jnp

def sgd_epochs(w, grads):
    def update(w, g):
        w = w - 0.1 * g
        return w, w
    return jax.lax.scan(update, w, grads)

w, hist = sgd_epochs(jnp.zeros(2), jnp.ones((3, 2)))
print("params", hist)

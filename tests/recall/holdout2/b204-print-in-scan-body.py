# case: b204-print-in-scan-body
# source: https://github.com/jax-ml/jax/issues/196
# kind: mistake
# rules: SCN204
# jax: symptom 'Tracer' in printed
# note: thread: print under jit shows tracers; here print of the carry in a scan body, which runs
#   once and prints a tracer

import jax
import jax.numpy as jnp

def sgd_epochs(w, grads):
    def update(w, g):
        w = w - 0.1 * g
        print("params", w)
        return w, w
    return jax.lax.scan(update, w, grads)

w, hist = sgd_epochs(jnp.zeros(2), jnp.ones((3, 2)))

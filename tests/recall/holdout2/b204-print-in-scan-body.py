# case: b204-print-in-scan-body
# source: https://github.com/jax-ml/jax/issues/196
# kind: mistake
# rules: SCN204
# jax: symptom 'Tracer' in printed
# jax[jax<0.7]: symptom 'Traced<' in printed
# note: thread: print under jit shows tracers; here print of the carry in a scan body, which runs
#   once and prints a tracer (`JitTracer(float32[2])` in jax 0.10.2 and 0.12, `Traced<float32[2]>`
#   in 0.6.2; the releases between were not tried)

import jax
import jax.numpy as jnp

def sgd_epochs(w, grads):
    def update(w, g):
        w = w - 0.1 * g
        print("params", w)
        return w, w
    return jax.lax.scan(update, w, grads)

w, hist = sgd_epochs(jnp.zeros(2), jnp.ones((3, 2)))

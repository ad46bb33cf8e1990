# case: b301-default-param-passes-nested-loop
# source: https://openillumi.com/en/en-jax-jit-slow-for-loop-optimization
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.divide') >= 12
# note: nested loops: the outer count is a parameter default (12), the inner a 3-trip loop that may
#   stay unrolled in the look-alike

import jax
import jax.numpy as jnp

@jax.jit
def smooth(signal, n_passes=12, width=3):
    for _ in range(n_passes):
        acc = jnp.zeros_like(signal)
        for k in range(width):
            acc = acc + jnp.roll(signal, k - 1)
        signal = acc / width
    return signal

hlo = smooth.lower(jnp.arange(8.0)).as_text()
